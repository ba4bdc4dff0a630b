/**
 * Analytics events of SPEC §7 (begin_checkout, remove_from_cart, …) in the GA4 ecommerce shape,
 * pushed to window.dataLayer for whatever tag manager the shop loads. Nothing is sent from here:
 * without a tag manager the events simply wait in the array.
 */

/** One item of a GA4 ecommerce event (SPEC §7: item_id, item_name, index, price, quantity). */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  index: number;
  /** Price in pounds, as GA4 expects (the shop keeps pence; converted here). */
  price: number;
  quantity: number;
  item_variant?: string | undefined;
}

export interface EcommerceEvent {
  event: 'begin_checkout' | 'remove_from_cart' | 'add_to_cart' | 'view_item';
  ecommerce: { currency: string; value: number; items: AnalyticsItem[] };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pence to the decimal pounds GA4 reports in. */
export function poundsFromPence(pence: number): number {
  return Math.round(pence) / 100;
}

/**
 * Pushes one ecommerce event. GA4 asks for the previous ecommerce object to be cleared first, so
 * a tag reading the data layer never merges the items of two events.
 */
export function pushEcommerceEvent(event: EcommerceEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(event);
}
