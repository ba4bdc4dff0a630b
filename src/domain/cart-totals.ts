/**
 * Every amount of the cart of SPEC §3, computed from the lines, the delivery price, the loyalty
 * level, the discount code and the payment commission: the server answers these figures and the
 * order stores them; the browser never computes or sends one. Integer pence throughout, VAT 20 %.
 *
 * The order of the summary (SPEC §2) is the order of the arithmetic:
 *   sub_total (net goods: parts + warranties of the lines still for sale)
 *   − amount_discount_threshold (the member's loyalty percent of sub_total)
 *   = value_after_discount_threshold
 *   + delivery_value + commission_value (net)          = net total
 *   + tax_value (VAT on the net total)                 = total_value
 *   − discount_code_amount (VAT included, like a voucher) = to_pay, never below 0 (SPEC §9)
 * A discount code is taken off the amount to pay after VAT because SPEC §9 floors to-pay at 0:
 * the deduction can be larger than what remains, which only a deduction after VAT can be.
 */
import { grossFromNet, toPay, VAT_RATE_PERCENT, vatFromNet } from './money';
import type { MessageKey } from './messages';
import { deliveryServesPostcode, isUkRegion, UK_REGION_IDS } from './cart';
import { isUkPostcode, postcodeKey } from './validation';
import './messages-more';

// ---------------------------------------------------------------------------------------------
// Package types

/**
 * SPEC §3 package types from smallest to largest: a cart ships as its largest line's. Bumper boxes
 * are long but light and go before pallets; OTHER (an odd size quoted by hand) counts largest.
 */
export const PACKAGE_TYPES = [
  'REGULAR_PARCELS',
  'LARGE_PARCELS',
  'XL_PARCELS',
  'BUMPER_BOXES',
  'HALF_EURO_PALLET',
  'EURO_PALLET',
  'DOUBLE_EURO_PALLET',
  'OTHER',
] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const DEFAULT_PACKAGE_TYPE: PackageType = 'REGULAR_PARCELS';

/** The largest of the package types, or null for none (an empty cart). */
export function largestPackageType(types: Iterable<PackageType>): PackageType | null {
  let largest: PackageType | null = null;
  for (const type of types) {
    if (largest === null || PACKAGE_TYPES.indexOf(type) > PACKAGE_TYPES.indexOf(largest)) largest = type;
  }
  return largest;
}

// ---------------------------------------------------------------------------------------------
// Percentages

/** `value × basisPoints / 10 000` rounded half away from zero, in integers (no float error). */
function applyBasisPoints(value: number, basisPoints: number): number {
  const product = value * basisPoints;
  const remainder = product % 10_000;
  const quotient = (product - remainder) / 10_000;
  return remainder * 2 >= 10_000 ? quotient + 1 : quotient;
}

/** A percentage with up to two decimals (2.5 %) as whole basis points (250). */
export function percentToBasisPoints(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new RangeError(`percent must be 0 to 100, got ${percent}`);
  return Math.round(percent * 100);
}

// ---------------------------------------------------------------------------------------------
// Discount codes

export type DiscountCodeKind = 'PERCENT' | 'AMOUNT';

/** A discount code's terms as stored (SPEC §3 discount code, with the rules of the issue). */
export interface DiscountCodeTerms {
  code: string;
  kind: DiscountCodeKind;
  /** PERCENT: percent off (0–100, two decimals). AMOUNT: pence off, VAT included. */
  value: number;
  validFrom: Date | null;
  validTo: Date | null;
  /** How many orders may use it in all; null for no limit. */
  usageLimit: number | null;
  /** The smallest basket (goods, VAT included, before discounts) it applies to, in pence; null for any. */
  minimumBasket: number | null;
}

/** A code as typed, reduced for lookup: spaces removed, upper-cased. */
export function discountCodeKey(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export type DiscountCodeRefusal =
  | { key: Extract<MessageKey, 'discount.not_started' | 'discount.expired' | 'discount.used_up'> }
  | { key: 'discount.minimum_basket'; minimumBasket: number };

/**
 * Why a code does not apply now, or null when it does: not yet valid, expired (valid to the end
 * of validTo), used up, or a basket below its minimum.
 */
export function discountCodeRefusal(
  terms: DiscountCodeTerms,
  at: { now: Date; timesUsed: number; basketGross: number },
): DiscountCodeRefusal | null {
  if (terms.validFrom && at.now < terms.validFrom) return { key: 'discount.not_started' };
  if (terms.validTo && at.now > terms.validTo) return { key: 'discount.expired' };
  if (terms.usageLimit !== null && at.timesUsed >= terms.usageLimit) return { key: 'discount.used_up' };
  if (terms.minimumBasket !== null && at.basketGross < terms.minimumBasket) return { key: 'discount.minimum_basket', minimumBasket: terms.minimumBasket };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Loyalty levels

/** SPEC §3 discount threshold: turnover from amount_from up to (not including) amount_to. */
export interface DiscountThreshold {
  id: number;
  /** Percent off the goods. */
  discount: number;
  /** Pence, VAT included. */
  amount_from: number;
  /** Pence; null for the last level, which has no upper bound. */
  amount_to: number | null;
}

/** The level a member's turnover (paid orders, pence) reaches, or null below the first. */
export function thresholdForTurnover<T extends DiscountThreshold>(thresholds: readonly T[], turnover: number): T | null {
  let reached: T | null = null;
  for (const threshold of thresholds) {
    const within = turnover >= threshold.amount_from && (threshold.amount_to === null || turnover < threshold.amount_to);
    if (within && (reached === null || threshold.amount_from > reached.amount_from)) reached = threshold;
  }
  return reached;
}

// ---------------------------------------------------------------------------------------------
// The totals

export interface TotalsLine {
  /** Net unit price of the part, pence. */
  netPrice: number;
  /** Net price of the chosen warranty, pence (0 for a free one). */
  warrantyNet: number;
  quantity: number;
  /** false for a part that went (reserved or sold elsewhere): shown, counted in nothing. */
  forSale: boolean;
}

export interface LineAmounts {
  net_price: number;
  gross_price: number;
  warranty_price: number;
  warranty_gross_price: number;
  value: number;
  gross_value: number;
  tax_percentage: number;
}

export function lineAmounts(line: Omit<TotalsLine, 'forSale'>): LineAmounts {
  const grossPrice = grossFromNet(line.netPrice);
  const warrantyGross = grossFromNet(line.warrantyNet);
  return {
    net_price: line.netPrice,
    gross_price: grossPrice,
    warranty_price: line.warrantyNet,
    warranty_gross_price: warrantyGross,
    value: (line.netPrice + line.warrantyNet) * line.quantity,
    gross_value: (grossPrice + warrantyGross) * line.quantity,
    tax_percentage: VAT_RATE_PERCENT,
  };
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** The chosen delivery's net price for the region and package type; null while none is chosen. */
  deliveryNet: number | null;
  /** The member's loyalty percent (0 without a member, a level or the feature flag). */
  loyaltyPercent: number;
  /** The applied code, or null. */
  discountCode: DiscountCodeTerms | null;
  /** When the code is judged, and how many orders have used it. */
  discountContext: { now: Date; timesUsed: number };
  /** The payment type's commission in basis points of the net goods and delivery (0 by default). */
  commissionBasisPoints: number;
}

export interface CartTotals {
  total_quantity: number;
  sub_total: number;
  gross_sub_total: number;
  amount_discount_threshold: number;
  value_after_discount_threshold: number;
  delivery_value: number;
  gross_delivery_value: number;
  commission_value: number;
  tax_value: number;
  total_value: number;
  discount_code_amount: number;
  /** Why the applied code takes nothing off, or null (also null without a code). */
  discount_code_refusal: DiscountCodeRefusal | null;
  to_pay: number;
}

/** Every amount of the cart summary. */
export function cartTotals(input: TotalsInput): CartTotals {
  let subTotal = 0;
  let grossSubTotal = 0;
  let quantity = 0;
  for (const line of input.lines) {
    if (!line.forSale) continue;
    const amounts = lineAmounts(line);
    subTotal += amounts.value;
    grossSubTotal += amounts.gross_value;
    quantity += line.quantity;
  }

  const loyalty = applyBasisPoints(subTotal, percentToBasisPoints(input.loyaltyPercent));
  const afterLoyalty = subTotal - loyalty;
  const delivery = input.deliveryNet ?? 0;
  const commission = applyBasisPoints(afterLoyalty + delivery, input.commissionBasisPoints);
  const netTotal = afterLoyalty + delivery + commission;
  const tax = vatFromNet(netTotal);
  const total = netTotal + tax;

  let discount = 0;
  let refusal: DiscountCodeRefusal | null = null;
  const code = input.discountCode;
  if (code) {
    refusal = discountCodeRefusal(code, { ...input.discountContext, basketGross: grossSubTotal });
    if (!refusal) {
      const face = code.kind === 'PERCENT' ? applyBasisPoints(grossFromNet(afterLoyalty), percentToBasisPoints(code.value)) : code.value;
      // Never more than there is to pay: the summary's lines then add up to what is charged.
      discount = Math.min(face, total);
    }
  }

  return {
    total_quantity: quantity,
    sub_total: subTotal,
    gross_sub_total: grossSubTotal,
    amount_discount_threshold: loyalty,
    value_after_discount_threshold: afterLoyalty,
    delivery_value: delivery,
    gross_delivery_value: grossFromNet(delivery),
    commission_value: commission,
    tax_value: tax,
    total_value: total,
    discount_code_amount: discount,
    discount_code_refusal: refusal,
    to_pay: toPay(total, discount),
  };
}

// ---------------------------------------------------------------------------------------------
// Regions and deliveries

/** A region's postcode areas ('BT') and districts ('PO30'), comma-separated; '' for the rest. */
export interface RegionPostcodes {
  id: number;
  postcodes: string;
}

/**
 * The UK region a postcode belongs to (SPEC §5 postcodeMatching): the region naming its district
 * ('PO30 1UD' → the one listing PO30) before the one naming its area ('BT1 5GS' → the one listing
 * BT), else the default region. null when the postcode is not UK-shaped.
 */
export function regionOfPostcode(postcode: string, regions: readonly RegionPostcodes[], defaultRegionId: number): number | null {
  if (!isUkPostcode(postcode)) return null;
  const key = postcodeKey(postcode);
  const outward = key.slice(0, -3);
  const area = /^[A-Z]+/.exec(outward)?.[0] ?? '';
  let areaMatch: number | null = null;
  for (const region of regions) {
    for (const prefix of region.postcodes.split(',').map(postcodeKey)) {
      if (prefix === '') continue;
      if (prefix === outward && /\d/.test(prefix)) return region.id;
      if (prefix === area && areaMatch === null) areaMatch = region.id;
    }
  }
  return areaMatch ?? defaultRegionId;
}

export interface DeliveryOption {
  id: number;
  postcodes: string;
}

/**
 * The deliveries offered for a region and postcode (SPEC §2, §5): those with a price for the
 * region (and the cart's package type: `pricedDeliveryIds`), and, for a delivery limited to
 * postcode prefixes, a postcode starting with one. A non-UK region has no postcode, so a delivery
 * limited to prefixes is never offered there.
 */
export function offeredDeliveries<D extends DeliveryOption>(
  deliveries: readonly D[],
  pricedDeliveryIds: ReadonlySet<number>,
  region: { id: number; postcode: string },
  ukRegionIds: readonly number[] = UK_REGION_IDS,
): D[] {
  const postcode = isUkRegion(region.id, ukRegionIds) ? region.postcode : '';
  return deliveries.filter((delivery) => {
    if (!pricedDeliveryIds.has(delivery.id)) return false;
    if (delivery.postcodes.trim() === '') return true;
    return postcode.trim() !== '' && deliveryServesPostcode(delivery.postcodes, postcode);
  });
}
