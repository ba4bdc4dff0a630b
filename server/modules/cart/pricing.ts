/**
 * The cart as the API answers it (SPEC §3 Cart), priced from the database with src/domain's
 * rules: which lines are still for sale, the cart's package type, the delivery price for its
 * region, the discount code, the member's loyalty level and the payment commission. Create-order
 * prices the same way inside its transaction, so the order stores exactly these figures.
 */
import type { Address, Cart, CartProduct } from '../../../src/contract/cart';
import { nothingChosenYet, PAYMENT_TYPE_IDS } from '../../../src/contract/cart';
import { isUkRegion } from '../../../src/domain/cart';
import {
  cartTotals,
  DEFAULT_PACKAGE_TYPE,
  largestPackageType,
  lineAmounts,
  thresholdForTurnover,
  type CartTotals,
  type DiscountCodeRefusal,
  type DiscountCodeTerms,
  type PackageType,
} from '../../../src/domain/cart-totals';
import { formatMoney, grossFromNet } from '../../../src/domain/money';
import { t } from '../../../src/domain/messages';
import { partTypeName } from '../../../src/domain/part-types';
import { defaultWarranty } from '../../../src/domain/warranty';
import { holdTimeLeft } from '../../../src/domain/cart-hold';
import { productPath } from '../../../src/domain/urls';
import type { Config } from '../../config';
import { thumbUrl } from '../thumbs/index';
import type { AddressRow, CartRepository, CartRow, DeliveryPriceRow, DeliveryRow, DiscountCodeRow, LineRecord, MemberRow, RegionRow, ThresholdRow, WarrantyRecord } from './repository';

/** What pricing needs from the configuration. */
export interface PricingSettings {
  discountThresholds: boolean;
  commissionBasisPoints: Config['checkout']['commissionBasisPoints'];
}

/** Read at each use: staff may switch the discountThresholds flag in the back office (config.flags is live). */
export function pricingSettings(config: Config): PricingSettings {
  return {
    get discountThresholds() {
      return config.flags.discountThresholds === 1;
    },
    commissionBasisPoints: config.checkout.commissionBasisPoints,
  };
}

const PAYMENT_TYPE_NAMES = Object.fromEntries(Object.entries(PAYMENT_TYPE_IDS).map(([name, id]) => [id, name])) as Record<number, keyof typeof PAYMENT_TYPE_IDS>;

export function commissionBasisPoints(settings: PricingSettings, paymentTypeId: number | null): number {
  const name = paymentTypeId === null ? undefined : PAYMENT_TYPE_NAMES[paymentTypeId];
  return name ? (settings.commissionBasisPoints[name] ?? 0) : 0;
}

export function discountTerms(code: DiscountCodeRow): DiscountCodeTerms {
  return {
    code: code.code,
    kind: code.kind,
    value: code.value,
    validFrom: code.validFrom,
    validTo: code.validTo,
    usageLimit: code.usageLimit,
    minimumBasket: code.minimumBasket,
  };
}

/** The catalogue's text for a refusal of a code. */
export function refusalText(refusal: DiscountCodeRefusal): string {
  return refusal.key === 'discount.minimum_basket' ? t(refusal.key, { amount: formatMoney(refusal.minimumBasket) }) : t(refusal.key);
}

export interface PricedLine {
  record: LineRecord;
  product: CartProduct;
  warranty: WarrantyRecord | null;
}

export interface PricedCart {
  cart: CartRow | null;
  answer: Cart;
  lines: PricedLine[];
  totals: CartTotals;
  packageType: PackageType | null;
  region: RegionRow | null;
  delivery: DeliveryRow | null;
  deliveryPrice: DeliveryPriceRow | null;
  discountCode: DiscountCodeRow | null;
  member: MemberRow | null;
}

function toAddress(row: AddressRow & { countryName: string }): Address {
  return {
    id: row.id,
    address_type: row.addressType,
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    vat_no: row.vatNo,
    postcode: row.postcode,
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    city: row.city,
    county: row.county,
    phone: row.phone,
    country_id: row.countryId,
    country: { name: row.countryName },
  };
}

export async function addressesById(repository: CartRepository, ids: readonly (number | null)[]): Promise<Map<number, Address>> {
  const rows = await repository.addressesWithCountry(ids.filter((id): id is number => id !== null));
  return new Map(rows.map((row) => [row.id, toAddress(row)]));
}

/** The member's loyalty level: only for a member (not a guest) and with the discountThresholds flag. */
export async function loyaltyLevel(repository: CartRepository, settings: PricingSettings, member: MemberRow | null): Promise<ThresholdRow | null> {
  if (!member || member.isGuest || !settings.discountThresholds) return null;
  const [thresholds, turnover] = await Promise.all([repository.thresholds(), repository.turnover(member.id)]);
  return thresholdForTurnover(
    thresholds.map((threshold) => ({ ...threshold, amount_from: threshold.amountFrom, amount_to: threshold.amountTo })),
    turnover,
  );
}

/**
 * The line's hold (issue 32). In force until stamped ended: a part reserved for it is this cart's,
 * so the line is for sale. An ended hold still answers its end (0 seconds left), for 'No longer held'.
 */
function lineHold(record: LineRecord, now: Date): { holds: boolean; heldUntil: string | null; secondsLeft: number | null } {
  if (record.heldUntil === null) return { holds: false, heldUntil: null, secondsLeft: null };
  const heldUntil = new Date(record.heldUntil);
  const inForce = record.holdEndedAt === null;
  const left = inForce ? holdTimeLeft(heldUntil.getTime(), now.getTime()) : 0;
  return { holds: inForce && record.status === 'reserved', heldUntil: heldUntil.toISOString(), secondsLeft: Math.ceil(left / 1000) };
}

function pricedLine(record: LineRecord, warranties: readonly WarrantyRecord[], now: Date): PricedLine {
  const offered = record.partId === null ? [] : warranties.filter((warranty) => warranty.partId === record.partId);
  const warranty =
    offered.find((candidate) => candidate.id === record.warrantyId) ??
    // A line whose warranty is no longer offered falls back to the default, as a new add would.
    defaultWarranty(offered.map((candidate) => ({ ...candidate, is_default: candidate.isDefault }))) ??
    null;
  const hold = lineHold(record, now);
  const forSale = record.status === 'available' || hold.holds;
  const formattedName =
    record.partName !== null && record.partTypeName !== null && record.partTypeExternalName !== null
      ? partTypeName(record.partName, [{ Name: record.partTypeName, ExternalName: record.partTypeExternalName }])
      : record.tag;
  const name = record.makeName && record.modelName ? `${record.makeName} ${record.modelName} ${formattedName}` : formattedName;
  const amounts = lineAmounts({ netPrice: record.priceNet ?? 0, warrantyNet: warranty?.value ?? 0, quantity: record.quantity });
  return {
    record,
    warranty,
    product: {
      id: record.id,
      tag: record.tag,
      product_id: record.partId ?? 0,
      name,
      image: record.imageId === null ? '' : thumbUrl(record.imageId),
      url: productPath({ make: record.makeName, model: record.modelName, partName: formattedName, tag: record.tag }),
      quantity: record.quantity,
      net_price: amounts.net_price,
      price: amounts.net_price,
      gross_price: amounts.gross_price,
      value: amounts.value,
      gross_value: amounts.gross_value,
      tax_percentage: amounts.tax_percentage,
      warranty_id: warranty?.id ?? null,
      warranty_name: warranty?.name ?? '',
      warranty_price: amounts.warranty_price,
      warranty_gross_price: amounts.warranty_gross_price,
      available_warranties: offered.map((candidate) => ({
        id: candidate.id,
        name: candidate.name,
        value: candidate.value,
        gross_price: grossFromNet(candidate.value),
        is_default: candidate.isDefault,
      })),
      package_type: record.packageType ?? DEFAULT_PACKAGE_TYPE,
      status: forSale ? 'available' : 'gone',
      gone: !forSale,
      held_until: hold.heldUntil,
      hold_seconds_left: hold.secondsLeft,
    },
  };
}

/** An empty cart's answer: nothing stored yet. */
function emptyAnswer(totals: CartTotals): Cart {
  return { cart_products: [], ...answerTotals(totals), ...nothingChosenYet() };
}

function answerTotals(totals: CartTotals) {
  return {
    total_quantity: totals.total_quantity,
    sub_total: totals.sub_total,
    gross_sub_total: totals.gross_sub_total,
    amount_discount_threshold: totals.amount_discount_threshold,
    value_after_discount_threshold: totals.value_after_discount_threshold,
    delivery_value: totals.delivery_value,
    gross_delivery_value: totals.gross_delivery_value,
    commission_value: totals.commission_value,
    tax_value: totals.tax_value,
    total_value: totals.total_value,
    discount_code_amount: totals.discount_code_amount,
    to_pay: totals.to_pay,
  };
}

/**
 * Prices a cart (null: the shopper has none yet). `now` judges the discount code's dates.
 */
export async function priceCart(repository: CartRepository, settings: PricingSettings, cart: CartRow | null, now: Date): Promise<PricedCart> {
  if (!cart) {
    const totals = cartTotals({ lines: [], deliveryNet: null, loyaltyPercent: 0, discountCode: null, discountContext: { now, timesUsed: 0 }, commissionBasisPoints: 0 });
    return { cart, answer: emptyAnswer(totals), lines: [], totals, packageType: null, region: null, delivery: null, deliveryPrice: null, discountCode: null, member: null };
  }

  const records = await repository.lines(cart.id);
  const warranties = await repository.warrantiesOfParts(records.flatMap((record) => (record.partId === null ? [] : [record.partId])));
  const lines = records.map((record) => pricedLine(record, warranties, now));
  const forSale = lines.filter((line) => !line.product.gone);
  const packageType = largestPackageType(forSale.map((line) => line.product.package_type));

  const [regionList, deliveryList, member, discountCode, addressMap] = await Promise.all([
    cart.regionId === null ? Promise.resolve([]) : repository.regions(),
    cart.deliveryId === null ? Promise.resolve([]) : repository.deliveries(),
    cart.memberId === null ? Promise.resolve(null) : repository.member(cart.memberId),
    cart.discountCodeId === null ? Promise.resolve(null) : repository.discountCode(cart.discountCodeId),
    addressesById(repository, [cart.billingAddressId, cart.deliveryAddressId]),
  ]);
  const region = regionList.find((candidate) => candidate.id === cart.regionId) ?? null;
  const delivery = deliveryList.find((candidate) => candidate.id === cart.deliveryId) ?? null;
  const deliveryPrice = region && delivery ? await repository.price(delivery.id, region.id, packageType ?? DEFAULT_PACKAGE_TYPE) : null;
  const [level, timesUsed] = await Promise.all([loyaltyLevel(repository, settings, member), discountCode ? repository.timesUsed(discountCode.id) : Promise.resolve(0)]);

  const totals = cartTotals({
    lines: lines.map((line) => ({
      netPrice: line.product.net_price,
      warrantyNet: line.product.warranty_price,
      quantity: line.product.quantity,
      forSale: !line.product.gone,
    })),
    deliveryNet: deliveryPrice?.price ?? null,
    loyaltyPercent: level?.discount ?? 0,
    discountCode: discountCode ? discountTerms(discountCode) : null,
    discountContext: { now, timesUsed },
    commissionBasisPoints: commissionBasisPoints(settings, cart.paymentTypeId),
  });

  const answer: Cart = {
    cart_products: lines.map((line) => line.product),
    ...answerTotals(totals),
    discount_code_id: discountCode?.id ?? null,
    discount_code_name: discountCode?.displayName ?? null,
    discount_code: discountCode ? { code: discountCode.code } : null,
    discount_code_problem: totals.discount_code_refusal ? refusalText(totals.discount_code_refusal) : null,
    region_id: region?.id ?? null,
    region_postcode: cart.regionPostcode,
    region: region ? { id: region.id, name: region.name, country_id: region.countryId, is_uk: isUkRegion(region.id) } : null,
    delivery_id: deliveryPrice ? (delivery?.id ?? null) : null,
    delivery_price_id: deliveryPrice?.id ?? null,
    delivery_name: deliveryPrice ? (delivery?.name ?? null) : null,
    package_type: packageType,
    payment_type_id: cart.paymentTypeId,
    billing_address_id: cart.billingAddressId,
    delivery_address_id: cart.deliveryAddressId,
    billing_address: cart.billingAddressId === null ? null : (addressMap.get(cart.billingAddressId) ?? null),
    delivery_address: cart.deliveryAddressId === null ? null : (addressMap.get(cart.deliveryAddressId) ?? null),
    same_shipping_address: cart.sameShippingAddress,
    comments_delivery: cart.commentsDelivery,
    member_id: member?.id ?? null,
    member: member
      ? {
          id: member.id,
          is_guest: member.isGuest,
          first_name: member.firstName,
          last_name: member.lastName,
          email: member.email,
          discount_threshold: level ? { id: level.id, name: level.name, discount: level.discount } : null,
        }
      : null,
    gone_tags: lines.filter((line) => line.product.gone).map((line) => line.product.tag),
  };
  return { cart, answer, lines, totals, packageType, region, delivery: deliveryPrice ? delivery : null, deliveryPrice, discountCode, member };
}
