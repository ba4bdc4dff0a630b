/**
 * Paid exactly once (issue 14): the one function every report of a payment goes through, whether
 * the browser's return (after asking the provider), a PayPal capture or any webhook, delivered
 * once, five times or out of order. In one transaction:
 *
 * 1. the event is recorded under (provider, event id) with ON CONFLICT DO NOTHING: a duplicate
 *    does nothing more (the browser's confirmation uses `confirm:{reference}`);
 * 2. the order's row is locked, so two different reports of one payment take turns and the second
 *    finds the first's payment;
 * 3. the amount and currency must be the order's (else it stays unpaid and staff are alerted);
 * 4. the payment row, status PAID, paid_at, parts sold, the VAT invoice, the saved card and ONE
 *    'order paid' e-mail, all or nothing.
 *
 * A refund of a payment not known yet throws RetryLater before anything is kept, so the webhook
 * answers non-2xx and the provider sends it again later (events may arrive out of order).
 */
import type { FastifyBaseLogger } from 'fastify';
import { orderPaidPath } from '../../../src/contract/payments';
import { formatMoney } from '../../../src/domain/money';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createOutboxMailer } from '../../integrations/mail';
import { queuePush } from '../push/index';
import type { PaymentEvent } from '../../integrations/payments';
import { issueInvoice } from '../order-history/index';
import { createOrderPaymentAccess, type OrderRow } from '../orders/index';
import { createPaymentRepository } from './repository';

/** What applying an event did (payment_events.outcome). */
export type SettleOutcome = 'applied' | 'duplicate' | 'already_paid' | 'paid_twice' | 'mismatch' | 'unknown_order' | 'failed' | 'refunded' | 'ignored';

/** A refund for a payment the shop has not recorded yet: the provider must send it again later. */
export class RetryLater extends Error {}

export interface SettleContext {
  at: Date;
  log: FastifyBaseLogger;
  publicUrl: string;
  shop: Config['shop'];
}

type AddressSnapshot = { first_name?: string; last_name?: string; company_name?: string };

function customerName(order: OrderRow): string {
  const billing = (order.billingAddress ?? {}) as AddressSnapshot;
  return [billing.first_name, billing.last_name].filter(Boolean).join(' ') || billing.company_name || 'customer';
}

export async function settlePayment(db: Database, event: PaymentEvent, context: SettleContext): Promise<SettleOutcome> {
  const { at, log } = context;
  return db.transaction(async (tx) => {
    const repo = createPaymentRepository(tx);
    const eventId = await repo.recordEvent({ provider: event.provider, eventId: event.eventId, type: event.kind === 'ignored' ? event.type : event.kind, receivedAt: at });
    if (eventId === null) return 'duplicate';
    const finish = async (outcome: SettleOutcome, orderId: number | null) => {
      await repo.settleEvent(eventId, outcome, orderId);
      return outcome;
    };
    if (event.kind === 'ignored') return finish('ignored', null);

    const orders = createOrderPaymentAccess(tx);
    if (event.kind === 'refunded') {
      const payment = await repo.paymentByReference(event.provider, event.reference);
      // Not ours yet (its success is still on the way): the rollback forgets this event, so the redelivery is applied.
      if (!payment) throw new RetryLater(`refund of ${event.provider} ${event.reference} before its payment`);
      const order = await orders.lock(payment.orderId);
      // A refund total never goes down: an older refund event arriving late changes nothing.
      const total = Math.min(payment.amount, Math.max(payment.refundedAmount, event.amountRefunded));
      if (total > payment.refundedAmount) {
        await repo.recordRefund(payment.id, total, total === payment.amount ? 'refunded' : 'partially_refunded', at);
        if (total === payment.amount) await orders.markRefunded(payment.orderId);
        log.warn({ order: order?.number, refunded: total }, 'payment refunded');
      }
      return finish('refunded', payment.orderId);
    }

    const known = event.orderHash ? await orders.findByHash(event.orderHash) : null;
    const attempt = known ? null : await repo.attemptByReference(event.reference);
    const orderId = known?.id ?? attempt?.orderId ?? null;
    if (orderId === null) {
      if (event.kind === 'payment_succeeded') log.error({ alert: 'payment_for_unknown_order', provider: event.provider, reference: event.reference }, 'ALERT: a payment for no order of this shop');
      return finish(event.kind === 'payment_failed' ? 'failed' : 'unknown_order', null);
    }
    if (event.kind === 'payment_failed') return finish('failed', orderId);

    const order = await orders.lock(orderId);
    if (!order) return finish('unknown_order', null);
    if (event.amount !== order.toPay || event.currency.toLowerCase() !== 'gbp') {
      log.error(
        { alert: 'payment_mismatch', order: order.number, provider: event.provider, reference: event.reference, amount: event.amount, currency: event.currency, toPay: order.toPay },
        `ALERT: order ${order.number} paid ${event.amount} ${event.currency}, not its ${order.toPay} gbp: left unpaid`,
      );
      return finish('mismatch', order.id);
    }
    const existing = await repo.paymentOfOrder(order.id);
    if (existing) {
      if (existing.providerReference === event.reference) return finish('already_paid', order.id);
      log.error(
        { alert: 'paid_twice', order: order.number, kept: existing.providerReference, second: event.reference, provider: event.provider },
        `ALERT: order ${order.number} paid twice: refund ${event.provider} ${event.reference}`,
      );
      return finish('paid_twice', order.id);
    }

    await repo.insertPayment({ orderId: order.id, provider: event.provider, providerReference: event.reference, method: event.method, amount: event.amount, currency: event.currency.toLowerCase(), paidAt: at });
    const { notSold } = await orders.markPaid(order.id, at);
    if (notSold.length > 0) log.error({ alert: 'paid_without_parts', order: order.number, tags: notSold }, `ALERT: order ${order.number} paid but parts not reserved for it: ${notSold.join(', ')}`);
    await issueInvoice(tx, order.id, at, context.shop);
    await saveCardIfAsked(tx, order, event);
    await createOutboxMailer(tx).send({
      to: order.email,
      subject: t('payment.mail_subject', { number: order.number }),
      text: t('payment.mail_text', {
        name: customerName(order),
        number: order.number,
        amount: formatMoney(event.amount),
        transaction: t('payment.transaction', { status: 'succeeded', id: event.reference }),
        url: `${context.publicUrl}${orderPaidPath(order.hash)}`,
      }),
    });
    // Issue 17: and a push to the member's devices, written with the payment (sent by the alerts' worker).
    await queuePush(tx, order.memberId, { title: `Order ${order.number} paid`, body: 'Thank you. We are getting your parts ready.', url: '/panel/client/orders', tag: `order-${order.number}` }, at);
    return finish('applied', order.id);
  });
}

/** The card is kept when the intent asked to (setup_future_usage) for a signed-up member's customer. */
async function saveCardIfAsked(tx: Database, order: OrderRow, event: Extract<PaymentEvent, { kind: 'payment_succeeded' }>): Promise<void> {
  const intent = event.card;
  if (!intent?.savesCard || !intent.card || !intent.paymentMethodId || !intent.customerId) return;
  const repo = createPaymentRepository(tx);
  const member = await repo.member(order.memberId);
  if (!member || member.isGuest || (await repo.customerOf(member.id, 'stripe')) !== intent.customerId) return;
  await repo.saveCard({
    memberId: member.id,
    provider: 'stripe',
    paymentMethodReference: intent.paymentMethodId,
    brand: intent.card.brand,
    last4: intent.card.last4,
    expMonth: intent.card.expMonth,
    expYear: intent.card.expYear,
  });
}
