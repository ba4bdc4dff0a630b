/**
 * The cart (SPEC §2 cart page, §4 cart states, §5 rules): its lines, region, postcode, delivery and
 * discount code. Every answer is the whole cart priced by pricing.ts; nothing the browser sends is
 * taken as an amount.
 */
import type { Cart } from '../../../src/contract/cart';
import { PAYMENT_TYPE_IDS } from '../../../src/contract/cart';
import { DEFAULT_REGION_ID, discountCodeProblem, isUkRegion } from '../../../src/domain/cart';
import { DEFAULT_PACKAGE_TYPE, discountCodeKey, discountCodeRefusal, offeredDeliveries, regionOfPostcode } from '../../../src/domain/cart-totals';
import { grossFromNet } from '../../../src/domain/money';
import { t } from '../../../src/domain/messages';
import { partTypeName } from '../../../src/domain/part-types';
import { isUkPostcode, normalisePostcode } from '../../../src/domain/validation';
import { defaultWarranty, warrantyChoiceProblem } from '../../../src/domain/warranty';
import type { Database } from '../../db/client';
import { fieldError } from '../../http/fields';
import { conflict, notFound, type DomainError } from '../../errors';
import { discountTerms, priceCart, refusalText, type PricedCart, type PricingSettings } from './pricing';
import { createCartHolds } from './holds';
import { createCartRepository, type CartRepository, type CartRow, type PartRecord, type RegionRow, type Shopper } from './repository';

export type { Shopper } from './repository';

/** The part's name as the cart shows it: make, model and part type. */
function partName(part: PartRecord): string {
  return `${part.makeName} ${part.modelName} ${partTypeName(part.partName, [{ Name: part.partTypeName, ExternalName: part.partTypeExternalName }])}`;
}

/** SPEC §8: a part another customer reserved or bought, or one not yet on sale, named in the answer. */
export function unavailablePart(part: PartRecord): DomainError {
  const key = part.status === 'coming_soon' ? 'cart.part_not_for_sale' : 'cart.part_unavailable';
  return conflict(t(key, { name: partName(part), tag: part.tag }));
}

const notInCart = () => notFound(t('cart.line_not_found'));

export interface CartServiceOptions {
  db: Database;
  settings: PricingSettings;
  /** CART_HOLD_MINUTES: how long a part put in the cart is held; 0 holds nothing. */
  holdMinutes?: number;
  now?: () => Date;
}

export function createCartService({ db, settings, holdMinutes = 0, now = () => new Date() }: CartServiceOptions) {
  const repository = createCartRepository(db);
  const holdEnd = () => new Date(now().getTime() + holdMinutes * 60_000);
  const price = (cart: CartRow | null): Promise<PricedCart> => priceCart(repository, settings, cart, now());
  const answer = async (cart: CartRow | null): Promise<Cart> => (await price(cart)).answer;
  const currentCart = (shopper: Shopper) => repository.findOpenCart(shopper);

  async function offeredWarranties(partId: number) {
    const rows = await repository.warrantiesOfParts([partId]);
    return rows.map((row) => ({ ...row, is_default: row.isDefault }));
  }

  async function regionById(regionId: number): Promise<{ region: RegionRow; all: RegionRow[] }> {
    const all = await repository.regions();
    const region = all.find((candidate) => candidate.id === regionId);
    if (!region) throw fieldError('region_id', t('cart.region_unknown'));
    return { region, all };
  }

  /** Whether a delivery is offered for the cart's region, postcode and package type; else the 422 on delivery_id. */
  async function checkDelivery(cart: CartRow, deliveryId: number, region: RegionRow, postcode: string): Promise<void> {
    const priced = await price(cart);
    const packageType = priced.packageType ?? DEFAULT_PACKAGE_TYPE;
    const [deliveries, prices] = await Promise.all([repository.deliveries(), repository.pricesFor(packageType)]);
    const pricedHere = new Set(prices.filter((row) => row.regionId === region.id).map((row) => row.deliveryId));
    const offered = offeredDeliveries(deliveries, pricedHere, { id: region.id, postcode });
    if (!offered.some((delivery) => delivery.id === deliveryId)) throw fieldError('delivery_id', t('cart.delivery_not_offered'));
  }

  return {
    async get(shopper: Shopper): Promise<Cart> {
      return answer(await currentCart(shopper));
    },

    async addItem(shopper: Shopper, product: { tag: string; warranty_id?: number | null | undefined }): Promise<{ cart: Cart; msg: string }> {
      const part = await repository.findPart(product.tag);
      if (!part) throw notFound(t('cart.part_not_found'));
      const cart = await repository.openCart(shopper);
      const existing = await repository.findLineByTag(cart.id, part.tag);
      // Already in this cart (its hold may have reserved it): adding again only changes the warranty.
      const ours = existing !== null && (part.status === 'available' || (part.status === 'reserved' && existing.heldUntil !== null && existing.holdEndedAt === null));
      if (!ours && part.status !== 'available') throw unavailablePart(part);
      const warranties = await offeredWarranties(part.id);
      let warrantyId: number | null;
      if (product.warranty_id != null) {
        if (!warranties.some((warranty) => warranty.id === product.warranty_id)) throw fieldError('product.warranty_id', t('cart.warranty_not_offered'));
        warrantyId = product.warranty_id;
      } else {
        const chosen = defaultWarranty(warranties);
        const problem = warrantyChoiceProblem(warranties, chosen?.id);
        if (problem) throw fieldError('product.warranty_id', t(problem));
        warrantyId = chosen?.id ?? null;
      }
      let added = false;
      if (ours) {
        if (product.warranty_id != null) await repository.setLineWarranty(existing.id, warrantyId);
      } else if (holdMinutes > 0) {
        // The part is held for this cart from now: reserved with the line, or refused if it just went.
        const held = await db.transaction((tx) => createCartHolds(tx).holdNewLine(cart.id, part.tag, warrantyId, holdEnd()));
        if (!held) throw unavailablePart({ ...part, status: 'reserved' });
        added = existing === null;
      } else {
        added = await repository.addLine(cart.id, part.tag, warrantyId);
      }
      await repository.updateCart(cart.id, {});
      const name = partName(part);
      return { cart: await answer(cart), msg: t(added ? 'cart.item_added' : 'cart.item_already_in_cart', { name }) };
    },

    /**
     * 'Hold again' (issue 32): a hold still in force starts afresh; an ended one holds the part
     * again if it is still on sale. Sent twice, the line still has one hold and the part one
     * reservation.
     */
    async holdAgain(shopper: Shopper, lineId: number): Promise<{ cart: Cart; msg: string }> {
      const cart = await currentCart(shopper);
      if (!cart) throw notInCart();
      const line = await repository.findLine(cart.id, lineId);
      if (!line) throw notInCart();
      const part = await repository.findPart(line.tag);
      if (!part) throw notFound(t('cart.part_not_found'));
      if (holdMinutes > 0) {
        const held = await db.transaction(async (tx) => {
          const holds = createCartHolds(tx);
          const until = holdEnd();
          if (part.status === 'reserved' && (await holds.renewHold(line.id, until))) return true;
          if (!(await holds.reservePart(line.tag))) return false;
          await holds.restartHold(line.id, until);
          return true;
        });
        if (!held) throw unavailablePart({ ...part, status: part.status === 'available' ? 'reserved' : part.status });
      }
      await repository.updateCart(cart.id, {});
      return { cart: await answer(cart), msg: holdMinutes > 0 ? t('cart.held_again', { name: partName(part), minutes: holdMinutes }) : t('cart.item_updated') };
    },

    async updateItem(shopper: Shopper, product: { tag: string; quantity?: number | undefined; warranty_id?: number | undefined }): Promise<{ cart: Cart; message: string }> {
      const cart = await currentCart(shopper);
      if (!cart) throw notInCart();
      const line = await repository.findLineByTag(cart.id, product.tag);
      if (!line) throw notInCart();
      // SPEC §5: quantity min 1, max 1 per item; a used part is one physical item.
      if (product.quantity !== undefined && product.quantity !== 1) throw fieldError('product.quantity', t('cart.quantity_one'));
      if (product.warranty_id !== undefined) {
        const part = await repository.findPart(line.tag);
        const warranties = part ? await offeredWarranties(part.id) : [];
        if (!warranties.some((warranty) => warranty.id === product.warranty_id)) throw fieldError('product.warranty_id', t('cart.warranty_not_offered'));
        await repository.setLineWarranty(line.id, product.warranty_id);
        await repository.updateCart(cart.id, {});
      }
      return { cart: await answer(cart), message: t('cart.item_updated') };
    },

    async deleteItem(shopper: Shopper, lineId: number): Promise<{ cart: Cart; message: string }> {
      const cart = await currentCart(shopper);
      if (!cart) throw notInCart();
      const line = await repository.findLine(cart.id, lineId);
      if (!line) throw notInCart();
      const part = await repository.findPart(line.tag);
      await db.transaction((tx) => createCartHolds(tx).removeHeldLine(line.id));
      await repository.updateCart(cart.id, {});
      return { cart: await answer(cart), message: t('cart.item_removed', { name: part ? partName(part) : line.tag }) };
    },

    async deliveryOptions(shopper: Shopper) {
      const priced = await price(await currentCart(shopper));
      const packageType = priced.packageType ?? DEFAULT_PACKAGE_TYPE;
      const [regionRows, groups, deliveryRows, prices] = await Promise.all([
        repository.regions(),
        repository.regionGroups(),
        repository.deliveries(),
        repository.pricesFor(packageType),
      ]);
      const deliveryNames = new Map(deliveryRows.map((delivery) => [delivery.id, delivery.name]));
      const deliveryPrices: Record<string, Record<string, { id: number; price: number; gross_price: number; name: string }>> = {};
      for (const row of prices) {
        (deliveryPrices[String(row.deliveryId)] ??= {})[String(row.regionId)] = {
          id: row.id,
          price: row.price,
          gross_price: grossFromNet(row.price),
          name: deliveryNames.get(row.deliveryId) ?? '',
        };
      }
      const regions = regionRows.map((region) => ({
        id: region.id,
        name: region.name,
        country_id: region.countryId,
        region_group_id: region.regionGroupId,
        is_uk: isUkRegion(region.id),
      }));
      return {
        deliveries: deliveryRows.map((delivery) => ({ id: delivery.id, name: delivery.name, type: delivery.type, postcodes: delivery.postcodes, description: delivery.description })),
        deliveryPrices,
        regions,
        grouppedRegions: groups.map((group) => ({ id: group.id, name: group.name, regions: regions.filter((region) => region.region_group_id === group.id) })),
        partTypePackage: packageType,
        defaultRegionId: DEFAULT_REGION_ID,
      };
    },

    async validatePostcode(body: { region_id: number; region_postcode: string }): Promise<{ msg: string; postcodeMatching: { id: number; name: string } | null }> {
      const { region, all } = await regionById(body.region_id);
      if (!isUkRegion(region.id)) return { msg: '', postcodeMatching: null };
      const postcode = normalisePostcode(body.region_postcode).trim();
      if (postcode === '') throw fieldError('region_postcode', t('cart.postcode_required'));
      if (!isUkPostcode(postcode)) throw fieldError('region_postcode', t('validation.postcode'));
      const belongs = regionOfPostcode(postcode, all, DEFAULT_REGION_ID);
      if (belongs !== null && belongs !== region.id) {
        const other = all.find((candidate) => candidate.id === belongs);
        if (other) return { msg: t('cart.postcode_matching', { region: other.name }), postcodeMatching: { id: other.id, name: other.name } };
      }
      return { msg: t('cart.postcode_valid'), postcodeMatching: null };
    },

    async updateRegionAndDelivery(
      shopper: Shopper,
      body: { region_id?: number | undefined; region_postcode?: string | undefined; delivery_id?: number | null | undefined; discount_code_id?: number | null | undefined },
    ): Promise<{ cart: Cart; msg: string }> {
      const cart = await repository.openCart(shopper);
      const regionId = body.region_id ?? cart.regionId;
      let postcode = body.region_postcode !== undefined ? normalisePostcode(body.region_postcode).trim() : cart.regionPostcode;
      let deliveryId = body.delivery_id !== undefined ? body.delivery_id : cart.deliveryId;
      if (body.region_id !== undefined && body.region_id !== cart.regionId && body.delivery_id === undefined) deliveryId = null;

      let region: RegionRow | null = null;
      if (regionId !== null) {
        const found = await regionById(regionId);
        region = found.region;
        if (!isUkRegion(region.id)) {
          // SPEC §4: a region abroad has no postcode.
          postcode = '';
        } else if (postcode !== '') {
          if (!isUkPostcode(postcode)) throw fieldError('region_postcode', t('validation.postcode'));
          const belongs = regionOfPostcode(postcode, found.all, DEFAULT_REGION_ID);
          const other = found.all.find((candidate) => candidate.id === belongs);
          if (belongs !== region.id && other) throw fieldError('region_postcode', t('cart.postcode_other_region', { region: other.name }));
        }
      }

      if (deliveryId !== null) {
        if (!region) throw fieldError('region_id', t('cart.region_required'));
        if (isUkRegion(region.id) && postcode === '') throw fieldError('region_postcode', t('cart.postcode_required'));
        if (body.delivery_id != null) await checkDelivery(cart, deliveryId, region, postcode);
        else {
          // A kept delivery that the new region or postcode does not have is cleared, not refused.
          try {
            await checkDelivery(cart, deliveryId, region, postcode);
          } catch {
            deliveryId = null;
          }
        }
      }

      let discountCodeId = cart.discountCodeId;
      if (body.discount_code_id === null) discountCodeId = null;
      else if (body.discount_code_id !== undefined && body.discount_code_id !== cart.discountCodeId) {
        throw fieldError('discount_code_id', t('discount.unknown'));
      }

      await repository.updateCart(cart.id, { regionId, regionPostcode: postcode, deliveryId, discountCodeId });
      const updated = await repository.findOpenCart(shopper);
      const removed = cart.discountCodeId !== null && discountCodeId === null;
      return { cart: await answer(updated), msg: t(removed ? 'discount.removed' : 'cart.region_updated') };
    },

    /**
     * POST /discount-codes/check-code.json: a valid code replaces the cart's; any refusal takes the
     * cart's code off (SPEC §8: the discount is removed).
     */
    async checkDiscountCode(
      shopper: Shopper,
      body: { code: string; payment_type_id?: number | null | undefined },
    ): Promise<{ msg: string; discountCode: { id: number; display_name: string; amount: number }; cart: Cart }> {
      const cart = await repository.openCart(shopper);
      const refuse = async (message: string, field = 'code') => {
        if (cart.discountCodeId !== null) await repository.updateCart(cart.id, { discountCodeId: null });
        return fieldError(field, message);
      };
      if (body.payment_type_id != null && !Object.values<number>(PAYMENT_TYPE_IDS).includes(body.payment_type_id)) {
        throw await refuse(t('validation.error'), 'payment_type_id');
      }
      // SPEC §5: an empty code, then a missing postcode (a region abroad needs none).
      const postcodeNeeded = cart.regionId === null || isUkRegion(cart.regionId);
      const problem = discountCodeProblem(body.code, postcodeNeeded ? cart.regionPostcode : 'not needed');
      if (problem) throw await refuse(t(problem));
      const code = await repository.discountCodeByKey(discountCodeKey(body.code));
      if (!code) throw await refuse(t('discount.unknown'));

      const paymentTypeId = body.payment_type_id !== undefined ? body.payment_type_id : cart.paymentTypeId;
      const before = await price({ ...cart, discountCodeId: null, paymentTypeId });
      const refusal = discountCodeRefusal(discountTerms(code), {
        now: now(),
        timesUsed: await repository.timesUsed(code.id),
        basketGross: before.totals.gross_sub_total,
      });
      if (refusal) throw await refuse(refusalText(refusal));

      await repository.updateCart(cart.id, { discountCodeId: code.id, paymentTypeId });
      const priced = await price(await repository.findOpenCart(shopper));
      return {
        msg: t('discount.applied', { code: code.code }),
        discountCode: { id: code.id, display_name: code.displayName, amount: priced.totals.discount_code_amount },
        cart: priced.answer,
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
export type { CartRepository };
