import { useNow } from '../../../shared/clock';
import styles from './site-footer.module.css';

/**
 * The footer's links, each to a real page: the content pages by slug (SPEC §3) at /page/{slug},
 * and the jobs and blog sections (SPEC §2). Plain links: the footer is in every page's first
 * download, and the router takes over a same-origin click anyway.
 */
const linkGroups = [
  {
    id: 'footer-help',
    heading: 'Help',
    links: [
      { href: '/page/product-delivery', label: 'Delivery' },
      { href: '/page/product-returns', label: 'Returns' },
      { href: '/page/product-warranties', label: 'Warranty' },
      { href: '/page/product-grading', label: 'How we grade parts' },
      { href: '/page/contact', label: 'Contact us' },
    ],
  },
  {
    id: 'footer-company',
    heading: 'PartsFinder UK',
    links: [
      { href: '/page/about', label: 'About us' },
      { href: '/blog', label: 'Blog and News' },
      { href: '/jobs', label: 'Jobs' },
      { href: '/loyalty-program', label: 'Loyalty program' },
    ],
  },
  {
    id: 'footer-legal',
    heading: 'Legal',
    links: [
      { href: '/page/terms', label: 'Terms and conditions' },
      { href: '/page/privacy', label: 'Privacy policy' },
      { href: '/page/cookies', label: 'Cookies' },
    ],
  },
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
        <div className={styles.groups}>
          {linkGroups.map((group) => (
            <nav key={group.id} aria-labelledby={`${group.id}-heading`}>
              <h2 id={`${group.id}-heading`} className={styles.heading}>
                {group.heading}
              </h2>
              <ul role="list" className={styles.links}>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={styles.legal}>
          <p>All prices in GBP. Prices include VAT at 20% unless marked ‘excl. VAT’.</p>
          <p>© {year} PartsFinder UK. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
