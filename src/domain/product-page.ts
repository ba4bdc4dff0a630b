/**
 * Rules of the product pages (SPEC §2, §4, §7, §9) that are not money, warranty, delivery or stock
 * rules: the heading levels of the descriptions block, when the basket bar shows, where a tab click
 * scrolls to, the price with a warranty, a vehicle variant filled from its parent, the share links
 * and the analytics event of a product view.
 */
import { grossFromNet } from './money';

/**
 * SPEC §2 descriptions block: the first description is an h1, the 2nd and 6th are h2, the 3rd to
 * 5th are h3. The spec stops at the 6th; later ones continue at h3, under the 6th's h2.
 * @param index the description's position, from 0.
 */
export function descriptionHeadingLevel(index: number): 1 | 2 | 3 {
  if (index === 0) return 1;
  if (index === 1 || index === 5) return 2;
  return 3;
}

/** SPEC §9: the basket bar shows from this far down the page… */
export const BASKET_BAR_SCROLL = 350;
/** …or from this far on a window under {@link BASKET_BAR_NARROW_WINDOW} px wide. */
export const BASKET_BAR_SCROLL_NARROW = 1200;
export const BASKET_BAR_NARROW_WINDOW = 767;

/**
 * SPEC §2, §4, §9 basket bar: only for a product in stock (stock_quantity above 0), and hidden
 * while the page is scrolled less than 350 px (1200 px when the window is under 767 px wide).
 */
export function basketBarShown(state: { stockQuantity: number; scrollY: number; windowWidth: number }): boolean {
  if (!(state.stockQuantity > 0)) return false;
  const threshold = state.windowWidth < BASKET_BAR_NARROW_WINDOW ? BASKET_BAR_SCROLL_NARROW : BASKET_BAR_SCROLL;
  return state.scrollY >= threshold;
}

/** SPEC §9: a product tab click scrolls after 400 ms… */
export const TAB_SCROLL_DELAY_MS = 400;
/** …to the tab's top less the header's height and 5 px more. */
export const TAB_SCROLL_GAP = 5;

/**
 * SPEC §9: the page offset a tab click scrolls to, so the tab list sits 5 px under the sticky
 * header: the element's top on the page less the header height and the gap, never above the page.
 */
export function tabScrollTop(elementPageTop: number, headerHeight: number): number {
  return Math.max(0, Math.round(elementPageTop - headerHeight - TAB_SCROLL_GAP));
}

export interface PriceWithWarranty {
  /** Net pence of the part and the warranty. */
  net: number;
  /** Gross pence: each gross on its own, as the cart prices a part and its warranty. */
  gross: number;
}

/**
 * SPEC §2 'the price follows the choice': a part's price with the chosen warranty. The gross is
 * the part's gross plus the warranty's gross, each rounded to the penny as the cart shows them
 * (gross_price and warranty_gross_price), so the page and the cart never differ by a penny.
 */
export function priceWithWarranty(partNet: number, warrantyNet: number | null | undefined): PriceWithWarranty {
  const extra = warrantyNet ?? 0;
  return { net: partNet + extra, gross: grossFromNet(partNet) + grossFromNet(extra) };
}

/** The fields of a vehicle product and a variant that {@link variantView} fills in. */
export interface VehicleFields<Image> {
  name: string | null;
  sku: string | null;
  price: number | null;
  price_old: number | null;
  stock_quantity: number | null;
  product_images: readonly Image[];
}

/**
 * SPEC §4: choosing a variant shows the variant with every empty field (null or '') filled from
 * its parent, and the images rebuilt: the variant's own pictures first, then the parent's.
 */
export function variantView<Image>(
  parent: VehicleFields<Image>,
  variant: VehicleFields<Image>,
): { name: string; sku: string; price: number; price_old: number | null; stock_quantity: number; product_images: Image[] } {
  const filled = <T>(own: T | null, inherited: T): T => (own === null || own === '' ? inherited : own);
  return {
    name: filled(variant.name, parent.name ?? ''),
    sku: filled(variant.sku, parent.sku ?? ''),
    price: filled(variant.price, parent.price ?? 0),
    // A variant without its own old price is not discounted unless its parent is.
    price_old: filled(variant.price_old, parent.price_old),
    stock_quantity: filled(variant.stock_quantity, parent.stock_quantity ?? 0),
    product_images: [...variant.product_images, ...parent.product_images],
  };
}

/**
 * SPEC §4 selectors: the variant whose selector values equal `chosen` on every selector; when no
 * variant has that exact combination, the one that matches the value just changed and most of the
 * others, so picking a colour never leads nowhere.
 */
export function pickVariant<V extends { selector_values: Readonly<Record<string, string>> }>(
  variants: readonly V[],
  chosen: Readonly<Record<string, string>>,
  changed: string,
): V | undefined {
  const wanted = Object.entries(chosen);
  const score = (variant: V) => wanted.filter(([key, value]) => variant.selector_values[key] === value).length;
  const candidates = variants.filter((variant) => variant.selector_values[changed] === chosen[changed]);
  let best: V | undefined;
  for (const variant of candidates) if (!best || score(variant) > score(best)) best = variant;
  return best;
}

export type ShareTarget = 'email' | 'whatsapp' | 'facebook' | 'x' | 'reddit';

/**
 * SPEC §2 share targets other than copying the link: e-mail, a short-message network (WhatsApp),
 * two social networks (Facebook, X) and a link-sharing site (Reddit), each as the address that
 * shares `url` with `title`.
 */
export function shareLinks(url: string, title: string): Record<ShareTarget, string> {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return {
    email: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${url}`)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${text}`,
    reddit: `https://www.reddit.com/submit?url=${u}&title=${text}`,
  };
}

export interface ViewedItem {
  id: string;
  name: string;
  /** Net pence; the event carries the gross price, as the customer sees it. */
  netPrice: number;
  brand?: string | undefined;
  variant?: string | undefined;
  /** Category levels, broadest first; GA4 takes at most five. */
  categories: readonly string[];
}

/** GA4's view_item event as pushed to window.dataLayer. */
export interface ViewItemEvent {
  event: 'view_item';
  ecommerce: {
    currency: string;
    value: number;
    items: {
      item_id: string;
      item_name: string;
      item_brand?: string;
      item_variant?: string;
      item_category?: string;
      item_category2?: string;
      item_category3?: string;
      item_category4?: string;
      item_category5?: string;
      price: number;
      quantity: number;
    }[];
  };
}

const CATEGORY_KEYS = ['item_category', 'item_category2', 'item_category3', 'item_category4', 'item_category5'] as const;

/**
 * SPEC §7 product view event (item id, name, price, quantity, category levels) in GA4's shape:
 * amounts in pounds as numbers (gross, two decimals), quantity 1, up to five category levels.
 */
export function viewItemEvent(item: ViewedItem, currency = 'GBP'): ViewItemEvent {
  const price = grossFromNet(item.netPrice) / 100;
  const entry: ViewItemEvent['ecommerce']['items'][number] = { item_id: item.id, item_name: item.name, price, quantity: 1 };
  if (item.brand) entry.item_brand = item.brand;
  if (item.variant) entry.item_variant = item.variant;
  item.categories.slice(0, CATEGORY_KEYS.length).forEach((category, index) => {
    entry[CATEGORY_KEYS[index] as (typeof CATEGORY_KEYS)[number]] = category;
  });
  return { event: 'view_item', ecommerce: { currency, value: price, items: [entry] } };
}
