/**
 * Creating the order (SPEC §2 summary → order created, §4 order NOT_PAID) and what follows: the
 * order-created page's read and the release of parts an unpaid order held too long.
 *
 * Each used part is one physical item. Create-order re-prices the cart inside one transaction that
 * holds the cart's row, then moves every part from available to reserved with one conditional
 * UPDATE; if any part is no longer available the transaction rolls back and the customer is told
 * which. The cart is closed with its order's id in the same transaction, so a repeat (double
 * click, retry) finds the order instead of making another.
 */
import { randomBytes } from 'node:crypto';
import type { CreatedOrder } from '../../../src/contract/checkout';
import { DEFAULT_REGION_ID, isUkRegion } from '../../../src/domain/cart';
import { DEFAULT_PACKAGE_TYPE, offeredDeliveries, regionOfPostcode } from '../../../src/domain/cart-totals';
import { formatDateTime } from '../../../src/domain/dates';
import { ownsOrder } from '../../../src/domain/order-owner';
import { t } from '../../../src/domain/messages';
import { formatMoney } from '../../../src/domain/money';
import { ORDER_STATUS, orderStatusDisplay } from '../../../src/domain/orders';
import { isUkPostcode } from '../../../src/domain/validation';
import type { Database } from '../../db/client';
import { fieldError } from '../../http/fields';
import { conflict, notFound, type DomainError } from '../../errors';
import { createOutboxMailer } from '../../integrations/mail';
import { createCartAccess, refusalText, type PricedCart, type PricingSettings, type Shopper } from '../cart/index';
import { createPartStatus } from '../catalogue/index';
import { issueGuestRegisterLink } from '../members/index';
import { releaseHolds } from './holds';
import { createOrderRepository, type NewOrder, type OrderRow } from './repository';

/** 'PF-000042': what the customer quotes on the phone. */
export const orderNumber = (id: number) => `PF-${String(id).padStart(6, '0')}`;

/** 192 random bits, URL-safe: the order's reference in links (at least 128 bits, as asked). */
const orderHash = () => randomBytes(24).toString('base64url');


/** Names a list the way a sentence does: 'A', 'A and B', 'A, B and C'. */
function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The 409 naming the parts that went; `errors.gone` lists their Tags for the page to mark. */
function partsGone(priced: PricedCart, tags: readonly string[]): DomainError {
  const names = priced.lines.filter((line) => tags.includes(line.product.tag)).map((line) => `${line.product.name} (${line.product.tag})`);
  return conflict(t('cart.parts_gone', { parts: listNames(names) }), { gone: [...tags] });
}

/** Thrown inside the transaction when the discount code no longer applies: it is taken off after the rollback. */
class CodeNoLongerApplies extends Error {
  constructor(
    readonly cartId: number,
    readonly answer: DomainError,
  ) {
    super(answer.message);
  }
}

export interface OrdersOptions {
  db: Database;
  settings: PricingSettings;
  holdMinutes: number;
  publicUrl: string;
  now?: () => Date;
}

export interface CreatedOrderAnswer {
  msg: string;
  redirect: string;
  order: { number: string; hash: string; to_pay: number };
}

const createdPath = (hash: string) => `/order-created?hash=${encodeURIComponent(hash)}`;

function nextSteps(holdMinutes: number, holdExpiresAt: Date): string[] {
  return [t('orders.next_pay'), t('orders.next_hold', { minutes: holdMinutes, time: formatDateTime(holdExpiresAt) }), t('orders.next_dispatch')];
}

type AddressSnapshot = CreatedOrder['billing_address'];

function addressLines(address: AddressSnapshot): string {
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ') || address.company_name;
  return [name, address.address1, address.address2, address.city, address.county, address.postcode, address.country.name].filter(Boolean).join('\n');
}

export function createOrderService({ db, settings, holdMinutes, publicUrl, now = () => new Date() }: OrdersOptions) {
  const answerOf = (order: Pick<OrderRow, 'number' | 'hash' | 'toPay'>): CreatedOrderAnswer => ({
    msg: t('orders.created', { number: order.number }),
    redirect: createdPath(order.hash),
    order: { number: order.number, hash: order.hash, to_pay: order.toPay },
  });

  /** Everything create-order checks before it touches a part: what is missing is a 422 naming it. */
  async function checkReady(tx: Database, priced: PricedCart): Promise<void> {
    const cart = priced.cart;
    if (!cart || priced.lines.length === 0) throw fieldError('cart_products', t('cart.empty'));
    const gone = priced.lines.filter((line) => line.product.gone).map((line) => line.product.tag);
    if (gone.length > 0) throw partsGone(priced, gone);
    const region = priced.region;
    if (!region) throw fieldError('region_id', t('cart.region_required'));
    const uk = isUkRegion(region.id);
    if (uk) {
      if (!isUkPostcode(cart.regionPostcode)) throw fieldError('region_postcode', t('cart.postcode_required'));
      const regions = await createCartAccess(tx).regions();
      if (regionOfPostcode(cart.regionPostcode, regions, DEFAULT_REGION_ID) !== region.id) throw fieldError('region_postcode', t('cart.postcode_mismatch'));
    }
    if (!priced.delivery || !priced.deliveryPrice) throw fieldError('delivery_id', t('cart.delivery_required'));
    const stillOffered = offeredDeliveries([priced.delivery], new Set([priced.delivery.id]), { id: region.id, postcode: cart.regionPostcode });
    if (stillOffered.length === 0) throw fieldError('delivery_id', t('cart.delivery_not_offered'));
    if (!priced.answer.billing_address || !priced.answer.delivery_address || !priced.member) throw fieldError('billing_address', t('cart.addresses_required'));
  }

  return {
    async create(shopper: Shopper): Promise<CreatedOrderAnswer> {
      const latest = await createCartAccess(db).latestCart(shopper);
      if (!latest) throw fieldError('cart_products', t('cart.empty'));
      try {
        return await db.transaction(async (tx) => {
          const carts = createCartAccess(tx);
          const orderRows = createOrderRepository(tx);
          // The cart's row is held to the end: a twin request waits here, then finds it ordered.
          const cart = await carts.lockCart(latest.id);
          if (!cart) throw fieldError('cart_products', t('cart.empty'));
          if (cart.status === 'ordered') {
            const existing = await orderRows.orderOfCart(cart.id);
            if (existing) return answerOf(existing);
          }
          if (cart.status !== 'open') throw fieldError('cart_products', t('cart.empty'));
          // The code's uses are counted under its lock, so a limit of 1 is never used twice.
          if (cart.discountCodeId !== null) await carts.lockDiscountCode(cart.discountCodeId);

          const at = now();
          const priced = await carts.price(settings, cart, at);
          await checkReady(tx, priced);
          if (priced.totals.discount_code_refusal) {
            const reason = refusalText(priced.totals.discount_code_refusal);
            throw new CodeNoLongerApplies(cart.id, conflict(t('discount.no_longer_applies', { code: priced.discountCode?.code ?? '', reason })));
          }

          // All of the cart's parts are reserved or none (the transaction rolls back): those its
          // holds reserved already pass to the order, the others are reserved now.
          const tags = priced.lines.map((line) => line.product.tag);
          const handed = new Set(await carts.handHoldsToOrder(cart.id, at));
          const reserved = [...handed, ...(await createPartStatus(tx).reserve(tags.filter((tag) => !handed.has(tag)), at))];
          if (reserved.length !== tags.length) {
            const got = new Set(reserved);
            throw partsGone(priced, tags.filter((tag) => !got.has(tag)));
          }

          const sequence = { id: await orderRows.nextOrderId() };
          const member = priced.member;
          const billing = priced.answer.billing_address;
          const delivery = priced.answer.delivery_address;
          const region = priced.region;
          const deliveryOption = priced.delivery;
          if (!member || !billing || !delivery || !region || !deliveryOption) throw new Error('checkReady let an incomplete cart through');
          const holdExpiresAt = new Date(at.getTime() + holdMinutes * 60_000);
          const order: NewOrder = {
            id: sequence.id,
            number: orderNumber(sequence.id),
            hash: orderHash(),
            statusId: ORDER_STATUS.NOT_PAID,
            cartId: cart.id,
            memberId: member.id,
            sessionId: shopper.sessionId,
            email: member.email,
            subTotal: priced.totals.sub_total,
            grossSubTotal: priced.totals.gross_sub_total,
            amountDiscountThreshold: priced.totals.amount_discount_threshold,
            deliveryValue: priced.totals.delivery_value,
            commissionValue: priced.totals.commission_value,
            taxValue: priced.totals.tax_value,
            totalValue: priced.totals.total_value,
            discountCodeId: priced.discountCode?.id ?? null,
            discountCodeName: priced.discountCode?.displayName ?? null,
            discountCodeAmount: priced.totals.discount_code_amount,
            toPay: priced.totals.to_pay,
            regionId: region.id,
            regionName: region.name,
            regionPostcode: cart.regionPostcode,
            deliveryId: deliveryOption.id,
            deliveryName: deliveryOption.name,
            packageType: priced.packageType ?? DEFAULT_PACKAGE_TYPE,
            paymentTypeId: cart.paymentTypeId,
            billingAddress: billing,
            deliveryAddress: delivery,
            commentsDelivery: cart.commentsDelivery,
            createdAt: at,
            holdExpiresAt,
          };
          await orderRows.insert(
            order,
            priced.lines.map((line) => ({
              orderId: sequence.id,
              partId: line.product.product_id,
              tag: line.product.tag,
              name: line.product.name,
              image: line.product.image,
              quantity: line.product.quantity,
              netPrice: line.product.net_price,
              grossPrice: line.product.gross_price,
              warrantyId: line.product.warranty_id,
              warrantyName: line.product.warranty_name,
              warrantyPrice: line.product.warranty_price,
              warrantyGrossPrice: line.product.warranty_gross_price,
              value: line.product.value,
              grossValue: line.product.gross_value,
              taxPercentage: line.product.tax_percentage,
            })),
            priced.discountCode && priced.totals.discount_code_amount > 0 ? priced.discountCode.id : null,
          );
          await carts.markOrdered(cart.id, sequence.id, at);

          const created = { ...order, number: orderNumber(sequence.id), hash: order.hash, toPay: priced.totals.to_pay };
          // A guest is offered to become a member who keeps this order (POST /members/guest-register/{token}).
          const memberLink = member.isGuest ? await issueGuestRegisterLink(tx, { memberId: member.id, at, publicUrl }) : null;
          await createOutboxMailer(tx).send(confirmationMail(priced, created, { holdMinutes, holdExpiresAt, publicUrl, billing, delivery, at, memberLink }));
          return answerOf(created);
        });
      } catch (error) {
        if (!(error instanceof CodeNoLongerApplies)) throw error;
        await createCartAccess(db).updateCart(error.cartId, { discountCodeId: null });
        throw error.answer;
      }
    },

    /** The order-created page's read: only for the session that created it or its member. */
    async created(shopper: Shopper, hash: string): Promise<CreatedOrder> {
      const orderRows = createOrderRepository(db);
      const order = await orderRows.findByHash(hash);
      if (!order || !ownsOrder(order, shopper)) throw notFound(t('global.error'));
      const lines = await orderRows.lines(order.id);
      return {
        number: order.number,
        hash: order.hash,
        created: order.createdAt.toISOString(),
        order_status_id: order.statusId,
        order_status: orderStatusDisplay(order.statusId),
        pay_again: order.statusId === ORDER_STATUS.NOT_PAID,
        email: order.email,
        order_products: lines.map((line) => ({
          id: line.id,
          tag: line.tag,
          name: line.name,
          image: line.image,
          quantity: line.quantity,
          net_price: line.netPrice,
          gross_price: line.grossPrice,
          warranty_name: line.warrantyName,
          warranty_price: line.warrantyPrice,
          warranty_gross_price: line.warrantyGrossPrice,
          value: line.value,
          gross_value: line.grossValue,
        })),
        sub_total: order.subTotal,
        amount_discount_threshold: order.amountDiscountThreshold,
        delivery_value: order.deliveryValue,
        commission_value: order.commissionValue,
        tax_value: order.taxValue,
        total_value: order.totalValue,
        discount_code_name: order.discountCodeName,
        discount_code_amount: order.discountCodeAmount,
        to_pay: order.toPay,
        delivery_name: order.deliveryName,
        region_name: order.regionName,
        billing_address: order.billingAddress as AddressSnapshot,
        delivery_address: order.deliveryAddress as AddressSnapshot,
        comments_delivery: order.commentsDelivery,
        hold_expires_at: order.holdExpiresAt.toISOString(),
        next_steps: nextSteps(holdMinutes, order.holdExpiresAt),
      };
    },
  };
}

function confirmationMail(
  priced: PricedCart,
  order: { number: string; hash: string; email: string },
  context: { holdMinutes: number; holdExpiresAt: Date; publicUrl: string; billing: AddressSnapshot; delivery: AddressSnapshot; at: Date; memberLink: string | null },
) {
  const money = (pence: number) => formatMoney(pence);
  const lines = priced.lines
    .map((line) => `  ${line.product.name} (${line.product.tag})\n    ${line.product.warranty_name || 'No warranty'}: ${money(line.product.gross_value)} inc. VAT`)
    .join('\n');
  const totals = [
    `  Subtotal (ex. VAT): ${money(priced.totals.sub_total)}`,
    priced.totals.amount_discount_threshold > 0 ? `  Loyalty discount: -${money(priced.totals.amount_discount_threshold)}` : null,
    `  Delivery (ex. VAT): ${money(priced.totals.delivery_value)}`,
    priced.totals.commission_value > 0 ? `  Payment fee (ex. VAT): ${money(priced.totals.commission_value)}` : null,
    `  VAT: ${money(priced.totals.tax_value)}`,
    `  Total: ${money(priced.totals.total_value)}`,
    priced.totals.discount_code_amount > 0 ? `  Discount code ${priced.discountCode?.code ?? ''}: -${money(priced.totals.discount_code_amount)}` : null,
    `  To pay: ${money(priced.totals.to_pay)}`,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  const name = [context.billing.first_name, context.billing.last_name].filter(Boolean).join(' ') || context.billing.company_name || (priced.member?.firstName ?? '');
  return {
    to: order.email,
    subject: t('orders.mail_subject', { number: order.number }),
    text: t('orders.mail_text', {
      name,
      number: order.number,
      date: formatDateTime(context.at),
      lines,
      totals,
      delivery: priced.delivery?.name ?? '',
      address: addressLines(context.delivery),
      next: nextSteps(context.holdMinutes, context.holdExpiresAt)
        .map((step) => `- ${step}`)
        .join('\n'),
      url: `${context.publicUrl}${createdPath(order.hash)}${context.memberLink ? `\n\n${t('members.guest_link_text', { url: context.memberLink })}` : ''}`,
    }),
  };
}

/**
 * Parts of unpaid orders whose hold has run out go back on sale (SPEC §4: the order stays
 * NOT_PAID; paying later re-checks its parts). In one transaction per batch: the orders are
 * claimed (SKIP LOCKED, so several processes can run this), their reserved parts set available,
 * their discount-code uses freed and the release stamped. Answers the Tags put back on sale.
 */
export async function releaseExpiredHolds(db: Database, now: Date, batchSize = 100): Promise<string[]> {
  const released: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const orderRows = createOrderRepository(tx);
      const ids = await orderRows.claimExpiredHolds(now, batchSize);
      if (ids.length === 0) return { count: 0, tags: [] as string[] };
      return { count: ids.length, tags: await releaseHolds(tx, ids, now) };
    });
    released.push(...batch.tags);
    if (batch.count < batchSize) return released;
  }
}
