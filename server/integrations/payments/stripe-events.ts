/**
 * Stripe's objects as the shop reads them: a PaymentIntent becomes a CardIntent, an event becomes
 * a PaymentEvent. Shared by the Stripe adapter and the sandbox, which sends Stripe-shaped events,
 * so both reach the payments module the same way.
 */
import type Stripe from 'stripe';
import type { CardDetails, CardIntent, CardIntentStatus, PaymentEvent } from './port';

/** The parts of a PaymentIntent the shop reads; Stripe's type or the sandbox's JSON of it. */
export type StripeIntentLike = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'currency' | 'metadata' | 'setup_future_usage'> & {
  client_secret: string | null;
  payment_method: string | StripePaymentMethodLike | null;
  customer: string | { id: string } | null;
  last_payment_error: { code?: string | null; decline_code?: string | null; message?: string | null } | null;
};

export interface StripePaymentMethodLike {
  id: string;
  card?: { brand: string; last4: string; exp_month: number; exp_year: number; wallet?: { type: string } | null } | null;
}

function cardOf(method: StripeIntentLike['payment_method']): CardDetails | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
}

function methodOf(method: StripeIntentLike['payment_method']): CardIntent['method'] {
  const wallet = method && typeof method !== 'string' ? method.card?.wallet?.type : undefined;
  if (wallet === 'google_pay') return 'STRIPE_GOOGLE_PAY';
  if (wallet === 'apple_pay') return 'STRIPE_APPLE_PAY';
  return 'STRIPE_CARD';
}

export function cardIntentOfStripe(intent: StripeIntentLike): CardIntent {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as CardIntentStatus,
    amount: intent.amount,
    currency: intent.currency,
    orderHash: intent.metadata?.order_hash ?? null,
    paymentMethodId: intent.payment_method ? (typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method.id) : null,
    card: cardOf(intent.payment_method),
    customerId: intent.customer ? (typeof intent.customer === 'string' ? intent.customer : intent.customer.id) : null,
    savesCard: Boolean(intent.setup_future_usage),
    lastError: error ? { code: error.code ?? 'payment_failed', declineCode: error.decline_code ?? null, message: error.message ?? '' } : null,
    method: methodOf(intent.payment_method),
  };
}

/** The parts of an event the shop reads. */
export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: unknown };
}

/**
 * What a (verified) Stripe event means to the shop. payment_intent.succeeded and
 * payment_failed carry the intent; charge.refunded carries the charge, whose payment_intent names
 * the payment and amount_refunded is the total refunded so far. Anything else is ignored.
 */
export function paymentEventOfStripe(event: StripeEventLike): PaymentEvent {
  const provider = 'stripe' as const;
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = cardIntentOfStripe(event.data.object as StripeIntentLike);
    if (event.type === 'payment_intent.succeeded') {
      return { kind: 'payment_succeeded', eventId: event.id, provider, reference: intent.id, orderHash: intent.orderHash, amount: intent.amount, currency: intent.currency, method: intent.method, card: intent };
    }
    return { kind: 'payment_failed', eventId: event.id, provider, reference: intent.id, orderHash: intent.orderHash, reason: intent.lastError?.message ?? '' };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as { payment_intent: string | { id: string } | null; amount_refunded: number; currency: string; metadata?: Record<string, string> | null };
    const reference = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? '');
    return { kind: 'refunded', eventId: event.id, provider, reference, orderHash: charge.metadata?.order_hash ?? null, amountRefunded: charge.amount_refunded, currency: charge.currency };
  }
  return { kind: 'ignored', eventId: event.id, provider, type: event.type };
}
