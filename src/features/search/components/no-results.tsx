import { memo, type ReactNode } from 'react';
import type { ProductCard as Product } from '../../../contract/catalogue';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { PART_REQUEST_ANCHOR, scrollToAnchor } from '../../../shared/anchors';
import { GarageFitScope } from '../../../shared/garage/garage-fit';
import { ProductCard, productGridClassName } from '../../../shared/product/product-card';
import { Button } from '../../../shared/ui/button';
import { HydrateLater } from '../../../shared/ui/hydrate-later';
import { useFollowSearch } from '../api/follow-search';
import styles from './search-results.module.css';

/** SPEC §9 no-results limits. */
const SOLD_SHOWN = 4;
const COMING_SOON_SHOWN = 4;
const OTHER_PARTS_SHOWN = 12;

const toForm = () => scrollToAnchor(PART_REQUEST_ANCHOR);

/**
 * A group of cards below 'nothing in stock' (sold, coming soon, other parts that fit) hydrates after
 * the rest of the page, on its own, when it nears the screen, is tapped, or the browser is idle
 * (issue 29: the make/model results with nothing in stock held the main thread longest). Memo'd on
 * the page data's own arrays, so nothing renders it again before it hydrated.
 */
const LaterGroup = memo(function LaterGroup({ id, title, parts, shown, variant }: { id: string; title: string; parts: Product[]; shown: number; variant?: 'no-results' | 'coming-soon' | undefined }) {
  const first = parts.slice(0, shown);
  const cards = (
    <ul className={productGridClassName}>
      {first.map((part) => (
        <li key={part.Tag}>
          <ProductCard product={part} {...(variant ? { variant } : {})} {...(variant === 'coming-soon' ? { onSelect: toForm } : {})} />
        </li>
      ))}
    </ul>
  );
  return (
    <HydrateLater find={() => document.querySelector(`[aria-labelledby="${id}"]`)}>
      <section aria-labelledby={id} className={styles.group}>
        <h2 id={id} className={styles.groupTitle}>
          {title}
        </h2>
        {variant ? cards : <GarageFitScope tags={first.map((part) => part.Tag)}>{cards}</GarageFitScope>}
      </section>
    </HydrateLater>
  );
});

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
  // The query's own array, so the group's props stay the same from render to render.
  const otherParts = others.isError ? undefined : others.data;

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

      {soldParts.length > 0 ? <LaterGroup id="sold-parts" title={t('search.sold_parts')} parts={soldParts} shown={SOLD_SHOWN} variant="no-results" /> : null}
      {comingSoon.length > 0 ? <LaterGroup id="coming-soon" title={t('search.coming_soon')} parts={comingSoon} shown={COMING_SOON_SHOWN} variant="coming-soon" /> : null}
      {otherParts && otherParts.length > 0 ? <LaterGroup id="other-parts" title={t('search.other_parts')} parts={otherParts} shown={OTHER_PARTS_SHOWN} /> : null}

      {partRequest}
    </div>
  );
}
