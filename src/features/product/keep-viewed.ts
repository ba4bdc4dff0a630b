/**
 * Keeps each part page shown for offline use (issue 16): its data with the time the shop answered
 * it, and its pictures (src/shared/offline/viewed-store.ts). The store's code and idb-keyval load
 * after the page is drawn, so they never hold up the part page's first paint.
 */
import { useEffect } from 'react';
import type { PartPageData } from './api/get-part-page';

export function useKeepViewed(data: PartPageData, fetchedAt: number): void {
  useEffect(() => {
    // Not cancelled on leaving: a part glanced at and left at once is still a part viewed.
    void import('../../shared/offline/viewed-store')
      .then((store) => store.recordViewedPart(data, fetchedAt, window.location.pathname))
      .catch(() => undefined);
  }, [data, fetchedAt]);
}
