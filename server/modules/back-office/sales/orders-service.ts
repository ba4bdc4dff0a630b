/**
 * Orders in the back office: the list with its search and filters, an order's page, the
 * fulfilment steps of src/domain/order-fulfilment.ts and refunds through the payment provider.
 *
 * A refund is made once however often it is asked for. It goes in three steps: (1) under the
 * order's lock, the rules are checked against what was paid less every refund made or under way,
 * and the refund is written 'pending' under its idempotency key (unique), so the same key again
 * finds it (made: answered again; still under way: 409) and another key counts it; (2) the
 * provider is asked, outside any transaction, with the same key as its own idempotency key, so a
 * retry never refunds twice there either; (3) under the lock again, the refund is marked made, the
 * payment's refunded total and the order's status follow, and the audit entry, mail and push are
 * written with it. A provider's refusal deletes the pending refund: nothing happened. A refund
 * left pending because the provider did not answer (a timeout, a failed connection, a 5xx), the
 * process stopped or the database failed after step 1 is finished by the reconciler
 * (refund-reconciler.ts) with the same steps 2 and 3 under the same key.
 */
import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import type { AdminOrder, AdminOrderRow, adminOrderList } from '../../../../src/contract/admin-sales';
import { ADMIN_QUEUE_PAGE_SIZE } from '../../../../src/contract/admin-sales';
import type { Paginator } from '../../../../src/contract/catalogue';
import { checkRefund, checkStep, type FulfilmentStep, nextSteps, STEP_PERMISSION, statusWord } from '../../../../src/domain/order-fulfilment';
import { ORDER_STATUS, orderStatusDisplay } from '../../../../src/domain/orders';
import { pageCountFor } from '../../../../src/domain/paginator';
import { checkReturnStep } from '../../../../src/domain/return-steps';
import type { Permission } from '../../../../src/domain/staff-permissions';
import type { Database } from '../../../db/client';
import { conflict, invalidField, notFound, unavailable } from '../../../errors';
import { type CardGateway, PaymentProviderError, type PaypalGateway } from '../../../integrations/payments';
import { releaseOrderParts } from '../../orders/index';
import { runBackInStock } from '../../product-forms/index';
import type { AuditChange } from '../staff/index';
import { tellAboutOrder, type OrderMailContext, type OrderNews } from './mails';
import type { OrderRow, PaymentRow, RefundRow } from './repository';
import { createSalesAccess, type SalesAccess } from './sales-access';

/** Who is making a change: their id, what their role may do, and how their audit entry is written. */
export interface Actor {
  /**
   * The member of staff the order's and return's history name for the change; null for none. The
   * shop finishing an interrupted refund names the one who asked for it, its audit entry the shop.
   */
  staffId: number | null;
  permissions: readonly Permission[];
  audit(tx: Database, change: AuditChange): Promise<void>;
}

export interface SalesDeps {
  db: Database;
  clock: () => Date;
  publicUrl: string;
  card: CardGateway;
  paypal: PaypalGateway;
  log: FastifyBaseLogger;
}

type ListQuery = z.output<NonNullable<(typeof adminOrderList)['query']>>;

type Address = Record<string, unknown>;
const nameOf = (address: Address): string =>
  [address.first_name, address.last_name].filter((part): part is string => typeof part === 'string' && part !== '').join(' ') || (typeof address.company_name === 'string' ? address.company_name : '');

const statusOf = (statusId: number) => ({ id: statusId, ...orderStatusDisplay(statusId) });

/** The day after a YYYY-MM-DD date, at midnight UTC (the end of a date range, exclusive). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

export function mailContextOf(order: OrderRow, publicUrl: string): OrderMailContext {
  const billing = order.billingAddress as Address;
  return { to: order.email, name: nameOf(billing) || 'there', number: order.number, memberId: order.memberId, ordersUrl: `${publicUrl}/panel/client/orders` };
}

/** An order's page as the back office shows it, with the steps this role may take next. */
export async function orderView(repo: SalesAccess, order: OrderRow, permissions: readonly Permission[]): Promise<AdminOrder> {
  const [lines, returnsOf, payment, refunds, shipment, history] = await Promise.all([
    repo.linesOf(order.id),
    repo.returnsOfOrder(order.id),
    repo.paymentOf(order.id),
    repo.refundsOf(order.id),
    repo.shipmentOf(order.id),
    repo.historyOf(order.id),
  ]);
  const billing = order.billingAddress as Address;
  const underWay = refunds.reduce((sum, { refund }) => sum + refund.amount, 0);
  const refunded = Math.max(payment?.refundedAmount ?? 0, underWay);
  const check = payment ? checkRefund({ statusId: order.statusId, paid: payment.amount, refunded, amount: 1 }) : null;
  return {
    number: order.number,
    hash: order.hash,
    created: order.createdAt.toISOString(),
    status: statusOf(order.statusId),
    email: order.email,
    customer: nameOf(billing),
    member_id: order.memberId,
    billing_address: billing,
    delivery_address: order.deliveryAddress as Address,
    delivery_name: order.deliveryName,
    comments_delivery: order.commentsDelivery,
    totals: { goods: order.grossSubTotal, delivery: order.deliveryValue, discount: order.discountCodeAmount + order.amountDiscountThreshold, vat: order.taxValue, total: order.toPay },
    lines: lines.map(({ line, vehicle }) => ({
      id: line.id,
      tag: line.tag,
      name: line.name,
      image: line.image,
      warranty_name: line.warrantyName,
      gross_value: line.grossValue,
      vehicle: vehicle ? { vrn: vehicle.vrn, make: vehicle.make, model: vehicle.model, year: vehicle.year, label: vehicle.label, CompatabilityLevel: vehicle.compatibility as 0 | 1 | 2 | 3 | 100 } : null,
      return: returnsOf.get(line.id) ?? null,
    })),
    payment: payment
      ? { provider: payment.provider, method: payment.method, reference: payment.providerReference, amount: payment.amount, refunded: payment.refundedAmount, status: payment.status, paid_at: payment.paidAt.toISOString() }
      : null,
    refunds: refunds.map(({ refund, staffName }) => ({
      id: refund.id,
      amount: refund.amount,
      state: refund.state,
      reference: refund.providerReference,
      staff_name: staffName,
      at: (refund.completedAt ?? refund.createdAt).toISOString(),
      return_id: refund.returnId,
    })),
    shipment: shipment ? { carrier: shipment.carrier, tracking_number: shipment.trackingNumber, dispatched_at: shipment.dispatchedAt.toISOString(), delivered_at: shipment.deliveredAt?.toISOString() ?? null } : null,
    history: [
      // The payment is the customer's own change (settled from the provider's report), not staff's: it opens the history.
      ...(payment ? [{ from: statusOf(ORDER_STATUS.NOT_PAID), to: statusOf(ORDER_STATUS.PAID), staff_name: null, details: { paid: payment.amount }, at: payment.paidAt.toISOString() }] : []),
      ...history.map(({ change, staffName }) => ({
        from: statusOf(change.fromStatusId),
        to: statusOf(change.toStatusId),
        staff_name: staffName,
        details: change.details as Record<string, unknown>,
        at: change.at.toISOString(),
      })),
    ],
    next_steps: nextSteps(order.statusId, permissions),
    refundable: check?.ok && permissions.includes(STEP_PERMISSION.refund) && payment ? payment.amount - refunded : 0,
  };
}

export interface RefundRequest {
  amount: number;
  idempotencyKey: string;
  returnId?: number | null;
}

export interface RefundOutcome {
  order: OrderRow;
  amount: number;
  full: boolean;
  replayed: boolean;
}

/**
 * What a refund means beyond the order's payment and status (an order's refund: its audit entry,
 * mail and push; a return's: the return's step), written in the transaction that records it made.
 */
export type RefundFinish = (tx: Database, made: RefundOutcome & { before: { status: string; refunded: number }; total: number }) => Promise<void>;

export function createOrdersService(deps: SalesDeps) {
  const { db, clock, publicUrl, card, paypal, log } = deps;

  async function viewOf(number: string, permissions: readonly Permission[]): Promise<AdminOrder> {
    const repo = createSalesAccess(db);
    const order = await repo.orderByNumber(number);
    if (!order) throw notFound('There is no order with this number.');
    return orderView(repo, order, permissions);
  }

  /**
   * Refunds `amount` of the order through its provider (see the head of this file). `finish`
   * writes what the refund means beyond the order (a return's step) with its audit entry and
   * mail, in the transaction that records the refund as made.
   */
  async function refund(orderId: number, request: RefundRequest, who: Actor, finish: RefundFinish): Promise<RefundOutcome> {
    const started = await db.transaction(async (tx) => {
      const repo = createSalesAccess(tx);
      const order = await repo.lockOrder(orderId);
      if (!order) throw notFound('There is no order with this number.');
      const earlier = await repo.refundByKey(request.idempotencyKey);
      if (earlier) {
        if (earlier.orderId !== order.id || earlier.amount !== request.amount) throw conflict('This refund key was used for another refund: reload the page and try again.');
        if (earlier.state === 'pending') throw conflict('This refund is being made already: wait a moment and look at the order again.');
        return { replay: true as const, order, amount: earlier.amount };
      }
      if (request.returnId) {
        // The return's row is locked too (as its reject step locks it), so it cannot be rejected while its refund
        // is with the provider; and a return is refunded once: a second form's refund (another key) is refused.
        const ret = await repo.lockReturn(request.returnId);
        if (!ret) throw notFound('There is no return with this number.');
        const step = checkReturnStep(ret.status, 'refund');
        if (!step.ok) throw conflict(step.message);
        if (await repo.refundOfReturn(request.returnId)) throw conflict('This return has been refunded already, or its refund is being made.');
      }
      const payment = await repo.paymentOf(order.id);
      if (!payment) throw conflict(`This order is ${statusWord(order.statusId)}: there is nothing to refund.`);
      const refunded = Math.max(payment.refundedAmount, await repo.refundedOrPending(order.id));
      const check = checkRefund({ statusId: order.statusId, paid: payment.amount, refunded, amount: request.amount });
      if (!check.ok) throw check.field ? invalidField(check.field, check.message) : conflict(check.message);
      const row = await repo.insertRefund({ orderId: order.id, returnId: request.returnId ?? null, amount: request.amount, idempotencyKey: request.idempotencyKey, staffId: who.staffId, createdAt: clock() });
      return { replay: false as const, order, payment, row };
    });
    if (started.replay) return { order: started.order, amount: started.amount, full: started.order.statusId === ORDER_STATUS.REFUNDED, replayed: true };

    const { payment, row } = started;
    let reference: string;
    try {
      reference = await askProvider(payment, row);
    } catch (error) {
      // No answer (a time limit passed, the connection failed, the provider failed on its side):
      // the provider may have made the refund. The pending row stays, under its idempotency key,
      // for the reconciler to ask again and finish; dropping it would leave money in an unknown
      // state and let a retry under another key refund twice.
      if (error instanceof PaymentProviderError && error.details.unavailable) {
        log.warn({ order: started.order.number, refund: row.id, provider: payment.provider, err: error }, 'the provider did not answer about a refund: left pending for the reconciler');
        throw unavailable('The payment provider did not answer in time. The refund is pending: the shop asks the provider again under the same key within a few minutes and finishes it, so do not make it again.');
      }
      await createSalesAccess(db).dropPendingRefund(row.id);
      if (error instanceof PaymentProviderError) {
        log.warn({ order: started.order.number, provider: payment.provider, err: error }, 'refund refused by the provider');
        throw conflict(`The payment provider refused the refund: ${error.message}`);
      }
      throw error;
    }
    return completeRefund(row, reference, who, finish);
  }

  /**
   * Step 2: the payment's provider is asked for the refund under the refund's own key, so asking
   * again (a retry, the reconciler) answers the first refund instead of making a second. Answers
   * the provider's reference; a refusal or an unreachable provider throws PaymentProviderError.
   */
  async function askProvider(payment: PaymentRow, row: RefundRow): Promise<string> {
    const made =
      payment.provider === 'stripe'
        ? await card.refundPayment({ paymentIntentId: payment.providerReference, amount: row.amount, idempotencyKey: row.idempotencyKey })
        : await paypal.refundCapture({ captureId: payment.providerReference, amount: row.amount, currency: payment.currency, requestId: row.idempotencyKey });
    return made.id;
  }

  /**
   * Step 3: under the order's lock, the pending refund is marked made with the provider's
   * reference, the payment's refunded total and the order's status follow, and `finish` writes the
   * rest in the same transaction. A refund another process made meanwhile (a request and the
   * reconciler both had the provider's answer) is answered as made already and written once.
   */
  async function completeRefund(row: RefundRow, reference: string, who: Actor, finish: RefundFinish): Promise<RefundOutcome> {
    return db.transaction(async (tx) => {
      const repo = createSalesAccess(tx);
      const order = await repo.lockOrder(row.orderId);
      const current = await repo.lockPayment(row.orderId);
      if (!order || !current) throw new Error('the refunded order or its payment is gone');
      const at = clock();
      if (!(await repo.completeRefund(row.id, reference, at))) {
        if (!(await repo.refundById(row.id))) throw new Error(`refund ${row.id} of order ${order.number} was dropped, but the provider made it (${reference})`);
        return { order, amount: row.amount, full: order.statusId === ORDER_STATUS.REFUNDED, replayed: true };
      }
      const before = { status: statusWord(order.statusId), refunded: current.refundedAmount };
      // A refund event from the provider may have counted this refund already: the total never goes down.
      const total = Math.min(current.amount, Math.max(current.refundedAmount, await repo.refundedMade(order.id)));
      const full = total === current.amount;
      await repo.setPaymentRefunded(current.id, total, full ? 'refunded' : 'partially_refunded', at);
      let after = order;
      if (full && order.statusId !== ORDER_STATUS.REFUNDED) {
        await repo.setOrderStatus(order.id, ORDER_STATUS.REFUNDED);
        await repo.recordStatusChange({ orderId: order.id, fromStatusId: order.statusId, toStatusId: ORDER_STATUS.REFUNDED, staffId: who.staffId, details: { refund: row.amount }, at });
        after = { ...order, statusId: ORDER_STATUS.REFUNDED };
      }
      const outcome = { order: after, amount: row.amount, full, replayed: false };
      await finish(tx, { ...outcome, before, total });
      return outcome;
    });
  }

  /** An order's own refund: its audit entry, and the customer's mail and push. */
  const orderRefundFinish =
    (who: Actor): RefundFinish =>
    async (tx, made) => {
      await who.audit(tx, {
        action: 'order.refund',
        entity: 'order',
        entityId: made.order.number,
        before: made.before,
        after: { status: statusWord(made.order.statusId), refunded: made.total, amount: made.amount, full: made.full },
      });
      await tellAboutOrder(tx, { kind: 'refunded', amount: made.amount, full: made.full }, mailContextOf(made.order, publicUrl), clock());
    };

  return {
    refund,
    askProvider,
    completeRefund,
    orderRefundFinish,

    async list(query: ListQuery): Promise<{ records: AdminOrderRow[]; paginator: Paginator }> {
      const repo = createSalesAccess(db);
      const sort = query.sort ?? 'created';
      const direction = query.direction ?? 'DESC';
      const filter = { q: query.q, statusId: query.status, payment: query.payment, from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined, to: query.to ? dayAfter(query.to) : undefined, sort, direction } as const;
      const total = await repo.countOrders(filter);
      const pageCount = pageCountFor(total, ADMIN_QUEUE_PAGE_SIZE);
      const requested = query.page ?? 1;
      const page = Math.min(requested, Math.max(pageCount, 1));
      const rows = requested > pageCount ? [] : await repo.pageOrders(filter, ADMIN_QUEUE_PAGE_SIZE, (page - 1) * ADMIN_QUEUE_PAGE_SIZE);
      return {
        records: rows.map((row) => ({
          number: row.number,
          created: row.createdAt.toISOString(),
          status: statusOf(row.statusId),
          customer: row.customer,
          email: row.email,
          postcode: row.postcode,
          total: row.total,
          payment_method: row.method,
          lines: row.lines,
        })),
        paginator: { count: total, perPage: ADMIN_QUEUE_PAGE_SIZE, limit: ADMIN_QUEUE_PAGE_SIZE, pageCount, sort, direction, page, requestedPage: requested },
      };
    },

    view: viewOf,

    /** One fulfilment step (pick, dispatch, deliver, cancel): the order's lock, the rule, the change, its history, audit entry, mail and push. */
    async step(number: string, step: FulfilmentStep, who: Actor, shipment?: { carrier: string; trackingNumber: string }): Promise<AdminOrder> {
      const { released } = await db.transaction(async (tx) => {
        const repo = createSalesAccess(tx);
        const order = await repo.lockOrderByNumber(number);
        if (!order) throw notFound('There is no order with this number.');
        const check = checkStep(order.statusId, step);
        if (!check.ok) throw conflict(check.message);
        const at = clock();
        let details: Record<string, unknown> = {};
        let news: OrderNews;
        let tags: string[] = [];
        if (step === 'dispatch') {
          if (!shipment) throw invalidField('tracking_number', 'Enter the tracking number.');
          await repo.insertShipment({ orderId: order.id, carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, dispatchedAt: at });
          details = { carrier: shipment.carrier, tracking_number: shipment.trackingNumber };
          news = { kind: 'dispatched', carrier: shipment.carrier, trackingNumber: shipment.trackingNumber };
        } else if (step === 'deliver') {
          await repo.markShipmentDelivered(order.id, at);
          news = { kind: 'delivered' };
        } else if (step === 'cancel') {
          // Parts whose hold already ran out are on sale already (and may be held by another order since).
          tags = order.holdReleasedAt ? [] : await releaseOrderParts(tx, order.id, at);
          details = { parts_back_on_sale: tags };
          news = { kind: 'cancelled' };
        } else {
          news = { kind: 'picked' };
        }
        await repo.setOrderStatus(order.id, check.to);
        await repo.recordStatusChange({ orderId: order.id, fromStatusId: order.statusId, toStatusId: check.to, staffId: who.staffId, details, at });
        await who.audit(tx, { action: `order.${step}`, entity: 'order', entityId: order.number, before: { status: statusWord(order.statusId) }, after: { status: statusWord(check.to), ...details } });
        await tellAboutOrder(tx, news, mailContextOf(order, publicUrl), at);
        return { released: tags };
      });
      // Parts back on sale are offered to the back-in-stock requests waiting for them (as the hold release does).
      if (released.length > 0) await runBackInStock(db, { publicUrl }).catch((error: unknown) => log.error({ err: error }, 'back-in-stock round after a cancel failed'));
      return viewOf(number, who.permissions);
    },

    /** Refunds `amount` of an order (full or partial): the audit entry, mail and push come with it. */
    async refundOrder(number: string, request: RefundRequest, who: Actor): Promise<{ order: AdminOrder; replayed: boolean; amount: number; full: boolean }> {
      const order = await createSalesAccess(db).orderByNumber(number);
      if (!order) throw notFound('There is no order with this number.');
      const outcome = await refund(order.id, { ...request, returnId: null }, who, orderRefundFinish(who));
      return { order: await viewOf(number, who.permissions), replayed: outcome.replayed, amount: outcome.amount, full: outcome.full };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
