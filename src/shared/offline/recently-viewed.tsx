/**
 * 'Recently viewed' (issue 16): the parts this phone viewed, newest first, from the store kept
 * for offline use (viewed-store.ts), so the strip works without signal and its links open the
 * kept pages. Read in the browser only (the server knows nothing of the phone's store), and drawn
 * only when there is something to show. Loaded lazily by the pages that show it, with idb-keyval.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { formatMoney, grossFromNet } from '../../domain/money';
import styles from './offline.module.css';
import { readViewedParts, type ViewedPart } from './viewed-store';

/** A row a phone can swipe through in a few moves. */
const SHOWN = 12;

interface RecentlyViewedProps {
  /** The part on screen, left out of its own strip. */
  exceptTag?: string | undefined;
  headingLevel?: 2 | 3;
}

export default function RecentlyViewed({ exceptTag, headingLevel = 2 }: RecentlyViewedProps) {
  const [parts, setParts] = useState<ViewedPart[] | undefined>();
  const headingId = useId();
  useEffect(() => {
    let live = true;
    readViewedParts()
      .catch(() => [])
      .then((read) => {
        if (live) setParts(read);
      });
    return () => {
      live = false;
    };
  }, []);
  const shown = (parts ?? []).filter((part) => part.tag !== exceptTag).slice(0, SHOWN);
  if (shown.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.strip} aria-labelledby={headingId} data-testid="recently-viewed">
      <Heading id={headingId} className={styles.stripTitle}>
        Recently viewed
      </Heading>
      <ul className={styles.stripList} role="list">
        {shown.map((part) => (
          <li key={part.tag} className={styles.stripItem}>
            <Link to="/product/$" params={{ _splat: part.path.replace(/^\/product\//, '') }} className={styles.stripLink}>
              {part.image ? (
                <img
                  src={part.image}
                  alt=""
                  width={184}
                  height={115}
                  loading="lazy"
                  decoding="async"
                  className={styles.stripImage}
                  onError={(event) => {
                    event.currentTarget.hidden = true;
                  }}
                />
              ) : null}
              <span className={styles.stripName}>{part.name}</span>
              <span className={styles.stripPrice}>{formatMoney(grossFromNet(part.netPrice))}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
