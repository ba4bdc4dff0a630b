/** Stock rules of SPEC §2, §4 and §9: the stock label and when a part can be bought. */
import type { MessageKey } from './messages';
import './messages-more';

export type StockLabel = 'full' | 'limited' | 'low' | 'few' | 'none';

export interface StockLevel {
  label: StockLabel;
  /** How full the stock bar is drawn, 0–100. */
  percent: number;
  /** The catalogue key of the label's text. */
  messageKey: MessageKey;
}

/** SPEC §9: the lower bounds of the full, limited, low and few labels. */
export const STOCK_THRESHOLDS = { full: 40, limited: 20, low: 5, few: 1 } as const;

const LEVELS: Record<StockLabel, StockLevel> = {
  full: { label: 'full', percent: 100, messageKey: 'stock.full' },
  limited: { label: 'limited', percent: 70, messageKey: 'stock.limited' },
  low: { label: 'low', percent: 30, messageKey: 'stock.low' },
  few: { label: 'few', percent: 10, messageKey: 'stock.few' },
  none: { label: 'none', percent: 0, messageKey: 'stock.none' },
};

interface StockOptions {
  /** An always-in-stock product shows full whatever its quantity. */
  alwaysInStock?: boolean;
  /** Vehicles use their own rule: 1 or more full, else none. */
  vehicle?: boolean;
}

/**
 * SPEC §4, §9 stock thresholds 40, 20, 5, 1: 40 or more full (100 %), 20–39 limited (70 %), 5–19
 * low (30 %), 1–4 few (10 %), 0 or less none (0 %); always-in-stock is full. Vehicles: 1 or more
 * full, else none drawn at 1 % so the empty bar is still visible. A quantity that is not a number
 * counts as none.
 */
export function stockLevel(quantity: number, options: StockOptions = {}): StockLevel {
  if (options.alwaysInStock) return LEVELS.full;
  const known = Number.isFinite(quantity) ? quantity : 0;
  if (options.vehicle) return known >= 1 ? LEVELS.full : { ...LEVELS.none, percent: 1 };
  if (known >= STOCK_THRESHOLDS.full) return LEVELS.full;
  if (known >= STOCK_THRESHOLDS.limited) return LEVELS.limited;
  if (known >= STOCK_THRESHOLDS.low) return LEVELS.low;
  if (known >= STOCK_THRESHOLDS.few) return LEVELS.few;
  return LEVELS.none;
}

/**
 * SPEC §5: add-to-cart buttons (and the sticky basket bar of SPEC §2) are available only when
 * stock_quantity is at least 1.
 */
export function canAddToCart(stockQuantity: number | null | undefined): boolean {
  return typeof stockQuantity === 'number' && stockQuantity >= 1;
}

/**
 * SPEC §2 default product card: the add-to-cart button shows only when both Price and Total
 * (the stock) are above 0.
 */
export function cardShowsAddToCart(product: { Price: number; Total: number }): boolean {
  return product.Price > 0 && product.Total > 0;
}

/** SPEC §3: a part product's Sold flag is the string 'FALSE' while the part is available. */
export function isPartAvailable(part: { Sold: string }): boolean {
  return part.Sold.trim().toUpperCase() === 'FALSE';
}
