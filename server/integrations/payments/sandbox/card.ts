/**
 * The embedded card sandbox (no Stripe keys): PaymentIntents with Stripe's states, kept in
 * sandbox_payment_intents, confirmed by the shop's own card form through the two browser-facing
 * sandbox calls (what Stripe.js does against Stripe). Each outcome is reported to the shop by a
 * Stripe-shaped, signed webhook (delivery.ts), so it reaches the payments module through the same
 * parseWebhook and settlement as Stripe's own events.
 */
import { randomBytes } from 'node:crypto';
import { cardDetailsProblems, cardDigits, type CardDetails as CardFormDetails } from '../../../../src/domain/card-form';
import { t } from '../../../../src/domain/messages';
import type { Database } from '../../../db/client';
import { invalid } from '../../../errors';
import type { CardGateway, CardIntent, CreateCardIntent, PaymentEvent } from '../port';
import { PaymentProviderError } from '../port';
import { cardIntentOfStripe, paymentEventOfStripe, type StripeIntentLike } from '../stripe-events';
import { createSandboxRepository, type SandboxIntentRow, type SandboxMethodRow, type SandboxRepository } from './sandbox-repository';
import { verifiedStripeEvent } from './signing';
import { STRIPE_ERRORS, testCardOf, type CardBehaviour } from './test-cards';

export interface SandboxDeps {
  db: Database;
  clock: () => Date;
  /** Signs and checks the sandbox's webhooks (config.payments.sandboxSecret). */
  sandboxSecret: string;
}

/** A provider sends its webhook a moment after the outcome; a test's fixed clock holds it until moved on. */
export const WEBHOOK_DELAY_MS = 1000;

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

/** Statuses in which Stripe lets an intent be confirmed (again). */
const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

const unexpectedState = (action: string, status: string, allowed: string) =>
  new PaymentProviderError(`You cannot ${action} this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be ${action}ed: ${allowed}.`, {
    code: 'payment_intent_unexpected_state',
  });

const missing = (what: string, id: string) => new PaymentProviderError(`No such ${what}: '${id}'`, { code: 'resource_missing' });

/** The intent as Stripe's API would show it (with the card expanded), for events and retrieve. */
export function stripeJsonOf(intent: SandboxIntentRow, method: SandboxMethodRow | null): StripeIntentLike & Record<string, unknown> {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    currency: intent.currency,
    status: intent.status as StripeIntentLike['status'],
    client_secret: intent.clientSecret,
    metadata: intent.metadata as Record<string, string>,
    setup_future_usage: intent.setupFutureUsage ? 'off_session' : null,
    customer: intent.customerReference,
    payment_method: method
      ? { id: method.id, card: { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear, wallet: null } }
      : intent.paymentMethodReference,
    last_payment_error: intent.lastErrorCode ? { code: intent.lastErrorCode, decline_code: declineCodeOf(intent.lastErrorCode, intent.lastErrorMessage), message: intent.lastErrorMessage } : null,
    latest_charge: intent.status === 'succeeded' ? chargeIdOf(intent.id) : null,
    created: Math.floor(intent.createdAt.getTime() / 1000),
    livemode: false,
  };
}

function declineCodeOf(code: string, message: string | null): string | null {
  if (code !== 'card_declined') return null;
  const known = [STRIPE_ERRORS.declined, STRIPE_ERRORS.insufficient_funds, STRIPE_ERRORS.live_card].find((error) => error.message === message);
  return known?.declineCode ?? 'generic_decline';
}

const chargeIdOf = (intentId: string) => `ch_${intentId.slice(3)}`;

export interface SandboxCardGateway extends CardGateway {
  readonly mode: 'sandbox';
  /** What Stripe.js's confirmCardPayment does: the card form's details against the intent. */
  confirmCard(clientSecret: string, card: CardFormDetails): Promise<CardIntent>;
  /** The 3-D Secure challenge's answer. */
  authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<CardIntent>;
  /** A refund from the provider's dashboard (tests): total refunded so far, reported by charge.refunded. */
  refund(intentId: string, amount?: number): Promise<void>;
}

export function createSandboxCardGateway({ db, clock, sandboxSecret }: SandboxDeps): SandboxCardGateway {
  async function view(repo: SandboxRepository, intent: SandboxIntentRow): Promise<CardIntent> {
    const method = intent.paymentMethodReference ? await repo.method(intent.paymentMethodReference) : null;
    return cardIntentOfStripe(stripeJsonOf(intent, method));
  }

  async function sendEvent(repo: SandboxRepository, type: string, object: Record<string, unknown>, at: Date): Promise<void> {
    const event = { id: `evt_${token()}`, object: 'event', api_version: '2025-10-29.clover', created: Math.floor(at.getTime() / 1000), livemode: false, type, data: { object } };
    await repo.enqueueWebhook({ provider: 'stripe', eventId: event.id, payload: JSON.stringify(event), deliverAfter: new Date(at.getTime() + WEBHOOK_DELAY_MS), createdAt: at });
  }

  /** Charges the card the intent carries, as Stripe would on confirmation; answers the new row. */
  async function charge(repo: SandboxRepository, intent: SandboxIntentRow, method: SandboxMethodRow, behaviour: CardBehaviour | 'live_card', at: Date): Promise<SandboxIntentRow> {
    const base = { paymentMethodReference: method.id, updatedAt: at };
    if (behaviour === 'succeeds') {
      const paid = await repo.updateIntent(intent.id, { ...base, status: 'succeeded', lastErrorCode: null, lastErrorMessage: null });
      // Stripe attaches a card set up for future use to the intent's customer once it succeeds.
      if (paid.setupFutureUsage && paid.customerReference) await repo.attachMethod(method.id, paid.customerReference);
      await sendEvent(repo, 'payment_intent.succeeded', stripeJsonOf(paid, method), at);
      return paid;
    }
    if (behaviour === 'three_d_secure') return repo.updateIntent(intent.id, { ...base, status: 'requires_action', lastErrorCode: null, lastErrorMessage: null });
    const error = STRIPE_ERRORS[behaviour];
    const failed = await repo.updateIntent(intent.id, { ...base, status: 'requires_payment_method', lastErrorCode: error.code, lastErrorMessage: error.message });
    await sendEvent(repo, 'payment_intent.payment_failed', stripeJsonOf(failed, method), at);
    return failed;
  }

  /**
   * Refunds `amount` (all that is left when absent) of the intent's charge, as Stripe does: more
   * than is left is refused. Reported to the shop by charge.refunded with the new total.
   */
  async function refundIntent(repo: SandboxRepository, intentId: string, amount: number | undefined): Promise<{ refunded: number; intent: SandboxIntentRow }> {
    const intent = await repo.lockIntent(intentId);
    if (!intent) throw missing('payment_intent', intentId);
    if (intent.status !== 'succeeded') throw new PaymentProviderError(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    const left = intent.amount - intent.amountRefunded;
    const refunded = amount ?? left;
    if (refunded <= 0 || refunded > left) throw new PaymentProviderError('Refund amount is greater than unrefunded amount on charge', { code: 'amount_too_large' });
    const total = intent.amountRefunded + refunded;
    const at = clock();
    await repo.updateIntent(intent.id, { amountRefunded: total, updatedAt: at });
    await sendEvent(
      repo,
      'charge.refunded',
      {
        id: chargeIdOf(intent.id),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: total,
        refunded: total === intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        metadata: intent.metadata,
        status: 'succeeded',
      },
      at,
    );
    return { refunded, intent };
  }

  return {
    mode: 'sandbox',
    publishableKey: null,

    async createIntent(input: CreateCardIntent): Promise<CardIntent> {
      return db.transaction(async (tx) => {
        const repo = createSandboxRepository(tx);
        // Stripe answers a repeated idempotency key with the intent the first request made.
        const earlier = await repo.intentByKey(input.idempotencyKey);
        if (earlier) return view(repo, earlier);
        const method = input.paymentMethodId ? await repo.method(input.paymentMethodId) : null;
        if (input.paymentMethodId && (!method || method.customerReference !== (input.customerId ?? null))) throw missing('PaymentMethod', input.paymentMethodId);
        const at = clock();
        const id = `pi_${token()}`;
        const inserted = await repo.insertIntent({
          id,
          clientSecret: `${id}_secret_${token()}`,
          idempotencyKey: input.idempotencyKey,
          amount: input.amount,
          currency: input.currency,
          status: 'requires_payment_method',
          metadata: { order_hash: input.orderHash, order_number: input.orderNumber },
          customerReference: input.customerId ?? null,
          setupFutureUsage: Boolean(input.saveCard),
          createdAt: at,
          updatedAt: at,
        });
        // A twin request with the same key got there first (its insert waited for ours to end).
        const intent = inserted ?? (await repo.intentByKey(input.idempotencyKey));
        if (!intent) throw new Error('the sandbox lost an intent it was making');
        if (!inserted || !method) return view(repo, intent);
        return view(repo, await charge(repo, intent, method, method.behaviour as CardBehaviour, at));
      });
    },

    async retrieveIntent(id: string): Promise<CardIntent> {
      const repo = createSandboxRepository(db);
      const intent = await repo.intent(id);
      if (!intent) throw missing('payment_intent', id);
      return view(repo, intent);
    },

    async createCustomer(): Promise<string> {
      return `cus_${token(7)}`;
    },

    async detachPaymentMethod(paymentMethodId: string): Promise<void> {
      if (!(await createSandboxRepository(db).attachMethod(paymentMethodId, null))) throw missing('PaymentMethod', paymentMethodId);
    },

    // The sandbox keeps no customers of its own, only which one each card was saved on.
    async deleteCustomer(customerId: string): Promise<void> {
      await createSandboxRepository(db).detachCustomerMethods(customerId);
    },

    async parseWebhook(rawBody, headers, receivedAt): Promise<PaymentEvent> {
      const header = headers['stripe-signature'];
      const event = await verifiedStripeEvent(rawBody, Array.isArray(header) ? header[0] : header, sandboxSecret, receivedAt);
      return paymentEventOfStripe(event as Parameters<typeof paymentEventOfStripe>[0]);
    },

    async confirmCard(clientSecret, card): Promise<CardIntent> {
      const at = clock();
      const problems = cardDetailsProblems(card, at);
      if (problems.length > 0) {
        // The request's own field names: an expiry problem is the month's when the month is wrong, else the year's.
        const monthValid = Number.isInteger(card.exp_month) && card.exp_month >= 1 && card.exp_month <= 12;
        const errors: Record<string, string[]> = {};
        for (const problem of problems) {
          const field = problem.field === 'expiry' ? (monthValid ? 'exp_year' : 'exp_month') : problem.field;
          (errors[field] ??= []).push(problemText(problem));
        }
        throw invalid(errors);
      }
      return db.transaction(async (tx) => {
        const repo = createSandboxRepository(tx);
        const intent = await repo.lockIntentBySecret(clientSecret);
        if (!intent) throw missing('payment_intent', clientSecret.split('_secret_')[0] ?? '');
        if (!CONFIRMABLE.has(intent.status)) throw unexpectedState('confirm', intent.status, 'requires_confirmation, requires_payment_method, requires_action');
        const digits = cardDigits(card.card_number) ?? '';
        const known = testCardOf(digits);
        const method: SandboxMethodRow = {
          id: `pm_${token()}`,
          customerReference: null,
          brand: known?.brand ?? 'visa',
          last4: digits.slice(-4),
          expMonth: card.exp_month,
          expYear: card.exp_year,
          behaviour: known?.behaviour ?? 'declined',
          createdAt: at,
        };
        await repo.insertMethod(method);
        return view(repo, await charge(repo, intent, method, known?.behaviour ?? 'live_card', at));
      });
    },

    async authenticate(clientSecret, outcome): Promise<CardIntent> {
      return db.transaction(async (tx) => {
        const repo = createSandboxRepository(tx);
        const intent = await repo.lockIntentBySecret(clientSecret);
        if (!intent) throw missing('payment_intent', clientSecret.split('_secret_')[0] ?? '');
        if (intent.status !== 'requires_action' || !intent.paymentMethodReference) throw unexpectedState('authenticate', intent.status, 'requires_action');
        const method = await repo.method(intent.paymentMethodReference);
        if (!method) throw missing('PaymentMethod', intent.paymentMethodReference);
        const at = clock();
        if (outcome === 'complete') return view(repo, await charge(repo, intent, method, 'succeeds', at));
        const error = STRIPE_ERRORS.authentication_failed;
        const failed = await repo.updateIntent(intent.id, { status: 'requires_payment_method', lastErrorCode: error.code, lastErrorMessage: error.message, updatedAt: at });
        await sendEvent(repo, 'payment_intent.payment_failed', stripeJsonOf(failed, method), at);
        return view(repo, failed);
      });
    },

    async refund(intentId, amount): Promise<void> {
      await db.transaction(async (tx) => {
        await refundIntent(createSandboxRepository(tx), intentId, amount);
      });
    },

    async refundPayment({ paymentIntentId, amount, idempotencyKey }) {
      return db.transaction(async (tx) => {
        const repo = createSandboxRepository(tx);
        // Stripe answers a repeated Idempotency-Key with the first refund.
        const earlier = await repo.refundByKey(idempotencyKey);
        if (earlier) return { id: earlier.id, amount: earlier.amount, status: 'succeeded' };
        const { refunded, intent } = await refundIntent(repo, paymentIntentId, amount);
        const row = { id: `re_${token()}`, provider: 'stripe' as const, paymentReference: intent.id, idempotencyKey, amount: refunded, currency: intent.currency, createdAt: clock() };
        await repo.insertRefund(row);
        return { id: row.id, amount: refunded, status: 'succeeded' };
      });
    },
  };
}

const problemText = (problem: ReturnType<typeof cardDetailsProblems>[number]): string => t(problem.key, problem.vars);
