/**
 * Paying for an order (SPEC §2 payment panel, §7 payment calls, issue 14): the card (Stripe or its
 * sandbox) and PayPal, saved cards, and the providers' webhooks. Every call about an order answers
 * its owner only (404 for anyone else), refuses a paid order (409) and, before anything the
 * provider could charge, checks the order's parts again (orders' holdOrderPartsForPayment).
 * Whatever reports a payment goes through settlePayment, which pays an order exactly once.
 *
 * Provider calls are made outside the shop's transactions: a provider can be slow, and the
 * sandbox keeps its state in the same database in transactions of its own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MemberCard } from '../../../src/contract/payments';
import { orderPaidPath } from '../../../src/contract/payments';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { ORDER_STATUS } from '../../../src/domain/orders';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { conflict, DomainError, invalidField, notFound, unauthorised, unavailable } from '../../errors';
import { type CardGateway, type CardIntent, isSandboxCard, isSandboxPaypal, type PaymentEvent, PaymentProviderError, type PaypalGateway, type PaypalOrder } from '../../integrations/payments';
import type { Shopper } from '../cart/index';
import { createOrderPaymentAccess, holdOrderPartsForPayment, type OrderRow } from '../orders/index';
import { createPaymentRepository } from './repository';
import { settlePayment, type SettleContext, type SettleOutcome } from './settlement';

/** Intent statuses in which the browser can still pay the same intent (no new one is made). */
const PAYABLE_INTENT = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
/** PayPal orders the buttons can still approve or capture. */
const PAYABLE_PAYPAL = new Set(['CREATED', 'APPROVED', 'PAYER_ACTION_REQUIRED']);

/**
 * 'order-{hash}-stripe-attempt-3': the provider's idempotency key of one try. The order's random
 * hash, not its id: a provider account outlives a database (a restore, a staging copy on the same
 * test keys), and a reused id would replay another order's intent for 24 hours.
 */
export const attemptKey = (order: { hash: string }, provider: 'stripe' | 'paypal', attempt: number) => `order-${order.hash}-${provider}-attempt-${attempt}`;

/** A PayPal refusal at capture: answered 422 with PayPal's details and debug id (§5 rules). */
export class PaypalCaptureRefused extends DomainError {
  constructor(
    message: string,
    readonly details: { issue: string; description: string }[] | undefined,
    readonly debugId: string | undefined,
  ) {
    super('invalid', message);
  }
}

export interface PaymentsOptions {
  db: Database;
  card: CardGateway;
  paypal: PaypalGateway;
  config: Pick<Config, 'publicUrl' | 'shop' | 'flags' | 'checkout'>;
  now: () => Date;
}

/** Names a list the way a sentence does: 'A', 'A and B', 'A, B and C'. */
function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function sandboxAnswer(intent: CardIntent) {
  const status = intent.status === 'requires_confirmation' || intent.status === 'requires_capture' ? 'processing' : intent.status;
  return { status, error: intent.lastError ? { code: intent.lastError.code, decline_code: intent.lastError.declineCode, message: intent.lastError.message } : null };
}

export function createPaymentService({ db, card, paypal, config, now }: PaymentsOptions) {
  const settleContext = (log: FastifyBaseLogger): SettleContext => ({ at: now(), log, publicUrl: config.publicUrl, shop: config.shop });

  /** The order, if it is this visitor's: the member's, or the session's that placed it. */
  async function ownedOrder(shopper: Shopper, hash: string): Promise<OrderRow> {
    const order = await createOrderPaymentAccess(db).findByHash(hash);
    const owns = order && (order.sessionId === shopper.sessionId || (shopper.memberId !== null && order.memberId === shopper.memberId));
    if (!order || !owns) throw notFound(t('global.error'));
    return order;
  }

  const isPaid = (order: OrderRow) => order.paidAt !== null || order.statusId !== ORDER_STATUS.NOT_PAID;

  function refuseUnpayable(order: OrderRow): void {
    if (isPaid(order)) throw conflict(t('payment.already_paid'));
    if (order.toPay <= 0) throw conflict(t('payment.nothing_to_pay'));
  }

  /**
   * Under the order's lock: still unpaid, its parts held again (or 409 naming those that went,
   * with nothing reserved), and the next try's number.
   */
  async function prepareAttempt(orderId: number, provider: 'stripe' | 'paypal'): Promise<{ order: OrderRow; next: number; latest: Awaited<ReturnType<ReturnType<typeof createPaymentRepository>['latestAttempt']>> }> {
    return db.transaction(async (tx) => {
      const order = await createOrderPaymentAccess(tx).lock(orderId);
      if (!order) throw notFound(t('global.error'));
      refuseUnpayable(order);
      const { gone } = await holdOrderPartsForPayment(tx, order, now(), config.checkout.orderHoldMinutes);
      if (gone.length > 0) {
        throw conflict(t('cart.parts_gone', { parts: listNames(gone.map((part) => `${part.name} (${part.tag})`)) }), { gone: gone.map((part) => part.tag) });
      }
      const latest = await createPaymentRepository(tx).latestAttempt(order.id, provider);
      return { order, next: (latest?.attempt ?? 0) + 1, latest };
    });
  }

  /** A signed-up member (not a guest) of this session, or null. */
  async function signedUpMember(shopper: Shopper) {
    if (shopper.memberId === null) return null;
    const member = await createPaymentRepository(db).member(shopper.memberId);
    return member && !member.isGuest ? member : null;
  }

  /** The member's Stripe customer, made at the provider the first time it is needed. */
  async function customerFor(member: { id: number; email: string; firstName: string; lastName: string }): Promise<string> {
    const repo = createPaymentRepository(db);
    const existing = await repo.customerOf(member.id, 'stripe');
    if (existing) return existing;
    const made = await provider(() => card.createCustomer({ email: member.email, name: `${member.firstName} ${member.lastName}`.trim(), memberId: member.id }));
    return repo.keepCustomer(member.id, 'stripe', made);
  }

  /** A provider's refusal the customer should read becomes a 409 with its message; an outage a 503. */
  async function provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // No answer: whatever the provider did is answered again under the same idempotency key.
      if (error.details.unavailable) throw unavailable(t('payment.provider_unavailable'));
      if (error.details.code === 'resource_missing' || error.details.code === 'RESOURCE_NOT_FOUND') throw notFound(error.message);
      throw conflict(error.message);
    }
  }

  async function paidAnswer(order: OrderRow, reference: string) {
    const payment = await createPaymentRepository(db).paymentOfOrder(order.id);
    if (payment && payment.providerReference === reference) {
      return { msg: t('payment.successful'), paid: true, transaction: { status: 'succeeded', id: reference }, redirect: orderPaidPath(order.hash) };
    }
    if (payment) throw conflict(t('payment.already_paid'));
    // Not recorded: the amount or currency was not the order's ('mismatch', alerted to staff).
    return { msg: t('payment.unsuccessful'), paid: false, transaction: null, redirect: null };
  }

  const succeeded = (intent: CardIntent, order: OrderRow): PaymentEvent => ({
    kind: 'payment_succeeded',
    eventId: `confirm:${intent.id}`,
    provider: 'stripe',
    reference: intent.id,
    orderHash: intent.orderHash ?? order.hash,
    amount: intent.amount,
    currency: intent.currency,
    method: intent.method,
    card: intent,
  });

  return {
    methods() {
      return {
        card: config.flags['payments.stripe'] ? { mode: card.mode, publishable_key: card.publishableKey } : null,
        paypal: config.flags['payments.paypal'] ? { mode: paypal.mode, client_id: paypal.clientId, currency: 'GBP' as const } : null,
      };
    },

    async createPaymentIntent(shopper: Shopper, input: { order_id: string; save_card?: boolean | undefined; member_card_id?: number | undefined }, log: FastifyBaseLogger) {
      if (!config.flags['payments.stripe']) throw notFound(t('payment.method_unavailable'));
      const owned = await ownedOrder(shopper, input.order_id);
      refuseUnpayable(owned);
      const wantsMember = input.save_card === true || input.member_card_id !== undefined;
      const member = wantsMember ? await signedUpMember(shopper) : null;
      if (wantsMember && !member) throw invalidField(input.member_card_id !== undefined ? 'member_card_id' : 'save_card', t('payment.members_only'));
      const savedCard = member && input.member_card_id !== undefined ? await createPaymentRepository(db).cardOf(member.id, input.member_card_id) : null;
      if (input.member_card_id !== undefined && !savedCard) throw notFound(t('global.error'));

      const { order, next, latest } = await prepareAttempt(owned.id, 'stripe');
      const saveCard = input.save_card === true;
      // The latest try's intent is paid again rather than piling up intents (one per declined card).
      if (latest && !savedCard && latest.amount === order.toPay && latest.saveCard === saveCard && latest.memberCardId === null) {
        const intent = await provider(() => card.retrieveIntent(latest.reference));
        if (PAYABLE_INTENT.has(intent.status) && intent.amount === order.toPay) return answerOf(intent);
      }
      const customerId = member ? await customerFor(member) : undefined;
      const intent = await provider(() =>
        card.createIntent({
          orderHash: order.hash,
          orderNumber: order.number,
          amount: order.toPay,
          currency: 'gbp',
          idempotencyKey: attemptKey(order, 'stripe', next),
          receiptEmail: order.email,
          ...(customerId ? { customerId } : {}),
          ...(saveCard ? { saveCard: true } : {}),
          ...(savedCard ? { paymentMethodId: savedCard.paymentMethodReference } : {}),
        }),
      );
      await createPaymentRepository(db).insertAttempt({ orderId: order.id, provider: 'stripe', attempt: next, reference: intent.id, amount: intent.amount, currency: intent.currency, memberCardId: savedCard?.id ?? null, saveCard });
      // Paid with a saved card at once: recorded now, as the browser may not call back.
      if (intent.status === 'succeeded') await settlePayment(db, succeeded(intent, order), settleContext(log));
      return answerOf(intent);

      function answerOf(intent: CardIntent) {
        return { msg: '', data: { cs: intent.clientSecret, cs_session: intent.id, status: intent.status, amount: intent.amount, currency: 'gbp' as const } };
      }
    },

    /** The browser is back from paying: the provider is asked, the browser is never believed. */
    async confirmCardPayment(shopper: Shopper, input: { order_id: string; payment_intent: string }, log: FastifyBaseLogger) {
      const order = await ownedOrder(shopper, input.order_id);
      const attempt = await createPaymentRepository(db).attemptByReference(input.payment_intent);
      if (!attempt || attempt.orderId !== order.id || attempt.provider !== 'stripe') throw notFound(t('global.error'));
      const intent = await provider(() => card.retrieveIntent(input.payment_intent));
      if (intent.status !== 'succeeded') {
        return { msg: intent.lastError?.message || t('payment.unsuccessful'), paid: false, transaction: null, redirect: null };
      }
      await settlePayment(db, succeeded(intent, order), settleContext(log));
      return paidAnswer(order, intent.id);
    },

    async createPaypalOrder(shopper: Shopper, input: { order_id: string }) {
      if (!config.flags['payments.paypal']) throw notFound(t('payment.method_unavailable'));
      const owned = await ownedOrder(shopper, input.order_id);
      refuseUnpayable(owned);
      const { order, next, latest } = await prepareAttempt(owned.id, 'paypal');
      const initFailed = (error: unknown): never => {
        if (error instanceof PaymentProviderError) {
          // No answer: the customer reads that PayPal did not answer (as at capture), never the adapter's
          // own reason, which names addresses and ports; a retry asks under the same PayPal-Request-Id.
          if (error.details.unavailable) throw unavailable(t('payment.paypal_init_failed', { error: t('payment.provider_unavailable') }));
          throw conflict(t('payment.paypal_init_failed', { error: error.details.paypal?.details?.[0]?.description ?? error.message }));
        }
        throw error;
      };
      if (latest && latest.amount === order.toPay) {
        const earlier = await paypal.getOrder(latest.reference).catch(initFailed);
        if (PAYABLE_PAYPAL.has(earlier.status) && earlier.amount === order.toPay) return { id: earlier.id };
      }
      const made = await paypal
        .createOrder({ orderHash: order.hash, orderNumber: order.number, amount: order.toPay, currency: 'GBP', requestId: attemptKey(order, 'paypal', next) })
        .catch(initFailed);
      await createPaymentRepository(db).insertAttempt({ orderId: order.id, provider: 'paypal', attempt: next, reference: made.id, amount: made.amount, currency: made.currency.toLowerCase(), saveCard: false });
      return { id: made.id };
    },

    async capturePaypalOrder(shopper: Shopper, paypalOrderId: string, log: FastifyBaseLogger) {
      const attempt = await createPaymentRepository(db).attemptByReference(paypalOrderId);
      if (!attempt || attempt.provider !== 'paypal') throw notFound(t('global.error'));
      const owned = await createOrderPaymentAccess(db).findById(attempt.orderId);
      if (!owned) throw notFound(t('global.error'));
      await ownedOrder(shopper, owned.hash);
      const payment = await createPaymentRepository(db).paymentOfOrder(owned.id);
      let captured: PaypalOrder;
      if (payment) {
        // Captured already (a retry, or the webhook came first): answered as PayPal's order now stands.
        captured = await provider(() => paypal.getOrder(paypalOrderId));
        if (captured.capture?.id !== payment.providerReference) throw conflict(t('payment.already_paid'));
      } else {
        // A capture is a charge: the parts are checked and held again first.
        await prepareAttempt(owned.id, 'paypal');
        try {
          captured = await paypal.captureOrder(paypalOrderId, `${attemptKey(owned, 'paypal', attempt.attempt)}-capture`);
        } catch (error) {
          // No answer: a capture PayPal made meanwhile is answered to the retry (the same PayPal-Request-Id) or settled by its webhook.
          if (!(error instanceof PaymentProviderError) || error.details.unavailable) throw error instanceof PaymentProviderError ? unavailable(t('payment.paypal_capture_failed', { error: t('payment.provider_unavailable') })) : error;
          const details = error.details.paypal?.details;
          throw new PaypalCaptureRefused(t('payment.paypal_capture_failed', { error: details?.[0]?.description ?? error.message }), details, error.details.paypal?.debugId);
        }
      }
      const capture = captured.capture;
      if (!capture) throw conflict(t('payment.unsuccessful'));
      if (!payment)
        await settlePayment(
            db,
            { kind: 'payment_succeeded', eventId: `capture:${capture.id}`, provider: 'paypal', reference: capture.id, orderHash: captured.orderHash ?? owned.hash, amount: capture.amount, currency: capture.currency, method: 'PAYPAL', card: null },
          settleContext(log),
        );
      const answer = await paidAnswer(owned, capture.id);
      return {
        ...answer,
        transaction: { status: capture.status, id: capture.id },
        id: captured.id,
        status: captured.status,
        purchase_units: [{ payments: { captures: [{ status: capture.status, id: capture.id }] } }],
      };
    },

    async memberCards(shopper: Shopper): Promise<MemberCard[]> {
      const member = await signedUpMember(shopper);
      if (!member) throw unauthorised(t('payment.sign_in_required'));
      const cards = await createPaymentRepository(db).cardsOf(member.id);
      return cards.map((row) => ({ id: row.id, brand: row.brand, card: row.last4, exp_month: row.expMonth, exp_year: row.expYear, is_default: row.isDefault, member: { full_name: row.fullName } }));
    },

    async deleteMemberCard(shopper: Shopper, id: number) {
      const member = await signedUpMember(shopper);
      if (!member) throw unauthorised(t('payment.sign_in_required'));
      const repo = createPaymentRepository(db);
      const saved = await repo.cardOf(member.id, id);
      if (!saved) throw notFound(t('global.error'));
      // Forgotten at the provider first: a card the shop no longer lists can never be charged.
      await card.detachPaymentMethod(saved.paymentMethodReference).catch((error: unknown) => {
        if (!(error instanceof PaymentProviderError && error.details.code === 'resource_missing')) throw error;
      });
      await repo.deleteCard(member.id, id);
      return { msg: t('payment.card_removed') };
    },

    // The sandbox's browser-facing calls: what Stripe.js and PayPal's popup do against the providers.

    async confirmSandboxCard(input: { client_secret: string; card_number: string; exp_month: number; exp_year: number; cvc: string; name: string }) {
      if (!isSandboxCard(card)) throw notFound();
      const { client_secret: clientSecret, ...details } = input;
      return sandboxAnswer(await provider(() => card.confirmCard(clientSecret, details)));
    },

    async authenticateSandboxCard(input: { client_secret: string; outcome: 'complete' | 'fail' }) {
      if (!isSandboxCard(card)) throw notFound();
      return sandboxAnswer(await provider(() => card.authenticate(input.client_secret, input.outcome)));
    },

    async approveSandboxPaypal(orderId: string, choice: 'approve' | 'instrument_declined') {
      if (!isSandboxPaypal(paypal)) throw notFound();
      const approved = await provider(() => paypal.approve(orderId, choice));
      return { status: approved.status };
    },

    /** A verified provider event, through the same settlement as the browser's confirmation. */
    handleEvent(event: PaymentEvent, log: FastifyBaseLogger): Promise<SettleOutcome> {
      return settlePayment(db, event, settleContext(log));
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
