import type { ReactNode } from 'react';
import type { ProductCard as Product } from '../../../contract/catalogue';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { PART_REQUEST_ANCHOR, scrollToAnchor } from '../../../shared/anchors';
import { GarageFitScope } from '../../../shared/garage/garage-fit';
import { ProductCard, productGridClassName } from '../../../shared/product/product-card';
import { Button } from '../../../shared/ui/button';
import { useFollowSearch } from '../api/follow-search';
import styles from './search-results.module.css';

/** SPEC §9 no-results limits. */
const SOLD_SHOWN = 4;
const COMING_SOON_SHOWN = 4;
const OTHER_PARTS_SHOWN = 12;

interface NoResultsProps {
  partName: string;
  soldParts: Product[];
  comingSoon: Product[];
  searchId: string | null;
  /** The offer to hear when the searched vehicle arrives for breaking (issue 17), when there is one. */
  vehicleAlert?: ReactNode;
  partRequest: ReactNode;
}

/**
 * The no-results section of SPEC §2: 'nothing in stock' for the part, a button down to the part
 * request form, recently sold parts (faded), parts coming soon (a click goes to the form, to ask
 * for one), other parts for the same make and model, and the form itself.
 */
export function NoResults({ partName, soldParts, comingSoon, searchId, vehicleAlert, partRequest }: NoResultsProps) {
  const others = useFollowSearch(searchId);
  const toForm = () => scrollToAnchor(PART_REQUEST_ANCHOR);
  const otherParts = others.isError ? [] : (others.data ?? []).slice(0, OTHER_PARTS_SHOWN);

  return (
    <div className={styles.noResults}>
      <section className={styles.nothing} aria-labelledby="nothing-in-stock">
        <h2 id="nothing-in-stock" className={styles.nothingTitle}>
          {t('filters.nothing_in_stock', { partName })}
        </h2>
        <p>New parts arrive every day. Tell us what you need and we will look for it in our yards and with our partners.</p>
        <div>
          <Button variant="accent" onClick={toForm}>
            Request this part
          </Button>
        </div>
        {vehicleAlert}
      </section>

      {soldParts.length > 0 ? (
        <section aria-labelledby="sold-parts" className={styles.group}>
          <h2 id="sold-parts" className={styles.groupTitle}>
            {t('search.sold_parts')}
          </h2>
          <ul className={productGridClassName}>
            {soldParts.slice(0, SOLD_SHOWN).map((part) => (
              <li key={part.Tag}>
                <ProductCard product={part} variant="no-results" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {comingSoon.length > 0 ? (
        <section aria-labelledby="coming-soon" className={styles.group}>
          <h2 id="coming-soon" className={styles.groupTitle}>
            {t('search.coming_soon')}
          </h2>
          <ul className={productGridClassName}>
            {comingSoon.slice(0, COMING_SOON_SHOWN).map((part) => (
              <li key={part.Tag}>
                <ProductCard product={part} variant="coming-soon" onSelect={toForm} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {otherParts.length > 0 ? (
        <section aria-labelledby="other-parts" className={styles.group}>
          <h2 id="other-parts" className={styles.groupTitle}>
            {t('search.other_parts')}
          </h2>
          <GarageFitScope tags={otherParts.map((part) => part.Tag)}>
            <ul className={productGridClassName}>
              {otherParts.map((part) => (
                <li key={part.Tag}>
                  <ProductCard product={part} />
                </li>
              ))}
            </ul>
          </GarageFitScope>
        </section>
      ) : null}

      {partRequest}
    </div>
  );
}
