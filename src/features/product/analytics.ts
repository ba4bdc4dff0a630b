/**
 * SPEC §7: a product view goes to analytics as GA4's view_item, pushed to window.dataLayer and on
 * to Google Analytics when the visitor agreed (src/shared/analytics.ts).
 */
import { useEffect, useRef } from 'react';
import { viewItemEvent, type ViewedItem } from '../../domain/product-page';
import { pushEcommerceEvent } from '../../shared/analytics';

export function pushViewItem(item: ViewedItem, currency: string): void {
  pushEcommerceEvent(viewItemEvent(item, currency));
}

/** Pushes one view_item for each product (and variant) the page shows, once. */
export function useViewItem(item: ViewedItem, currency: string): void {
  const sent = useRef<string | null>(null);
  const key = `${item.id}:${item.variant ?? ''}`;
  useEffect(() => {
    if (sent.current === key) return;
    sent.current = key;
    pushViewItem(item, currency);
    // The item is read when its key changes; a new object with the same key is the same view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, currency]);
}
