import { useNow } from '../../../shared/clock';
import styles from './site-footer.module.css';

/** Content pages by slug (SPEC §3); each opens at /page/{slug}. */
const helpPages = [
  { slug: 'product-delivery', label: 'Delivery' },
  { slug: 'product-returns', label: 'Returns' },
  { slug: 'product-warranties', label: 'Warranty' },
  { slug: 'product-grading', label: 'How we grade parts' },
] as const;

export function SiteFooter() {
  const year = useNow(3_600_000).getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.name}>PartsFinder UK</p>
          <p className={styles.tagline}>Used car parts, checked, graded and sold with a warranty.</p>
        </div>
        <nav aria-labelledby="footer-help-heading">
          <h2 id="footer-help-heading" className={styles.heading}>
            Help
          </h2>
          <ul role="list" className={styles.links}>
            {helpPages.map((page) => (
              <li key={page.slug}>
                <a href={`/page/${page.slug}`}>{page.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.legal}>
          <p>All prices in GBP. Prices include VAT at 20% unless marked ‘excl. VAT’.</p>
          <p>© {year} PartsFinder UK. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
