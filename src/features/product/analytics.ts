/**
 * SPEC §7: a product view goes to analytics as GA4's view_item, pushed to window.dataLayer for
 * whatever tag manager the shop loads (nothing is sent from here).
 */
import { useEffect, useRef } from 'react';
import { viewItemEvent, type ViewedItem } from '../../domain/product-page';

export function pushViewItem(item: ViewedItem, currency: string): void {
  const target = window as { dataLayer?: unknown[] };
  target.dataLayer ??= [];
  // GA4 asks for the previous ecommerce object to be cleared, so two events' items never merge.
  target.dataLayer.push({ ecommerce: null });
  target.dataLayer.push(viewItemEvent(item, currency));
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
