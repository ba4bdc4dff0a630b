/**
 * Analytics events of SPEC §7 (view_item, add_to_cart, remove_from_cart, begin_checkout, purchase)
 * in the GA4 ecommerce shape, pushed to window.dataLayer. They go on to Google Analytics 4 only
 * when the visitor agreed to analytics (issue 32, src/shared/consent/gtag.ts); otherwise they stay
 * in the array.
 */
import type { ViewItemEvent } from '../domain/product-page';


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

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type EcommerceEvent =
  | { event: 'begin_checkout' | 'remove_from_cart' | 'add_to_cart'; ecommerce: { currency: string; value: number; items: AnalyticsItem[] } }
  | {
      event: 'purchase';
      /** GA4 counts a purchase once per transaction_id (the order's number). */
      ecommerce: { transaction_id: string; currency: string; value: number; shipping: number; items: AnalyticsItem[] };
    }
  | ViewItemEvent;

/** Pence to the decimal pounds GA4 reports in. */
export function poundsFromPence(pence: number): number {
  return Math.round(pence) / 100;
}

/** What a cart or order line says about itself, in pence. */
export interface AnalyticsLine {
  tag: string;
  name: string;
  gross_value: number;
  quantity: number;
  warranty_name: string;
}

/** A cart or order line as one GA4 item: its gross value in pounds, the warranty as the variant. */
export function analyticsItem(line: AnalyticsLine, index: number): AnalyticsItem {
  return { item_id: line.tag, item_name: line.name, index, price: poundsFromPence(line.gross_value), quantity: line.quantity, item_variant: line.warranty_name || undefined };
}

/** Where events go on to when analytics is allowed (set by src/shared/consent/gtag.ts); none: nowhere. */
let forwardTo: ((event: EcommerceEvent) => void) | null = null;

/** Sends every event from now on to `forward` as well; null stops it. */
export function forwardEcommerceEvents(forward: ((event: EcommerceEvent) => void) | null): void {
  forwardTo = forward;
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
  forwardTo?.(event);
}
