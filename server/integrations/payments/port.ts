/**
 * The payment providers as the shop sees them (issue 14): a card gateway shaped like Stripe's
 * PaymentIntents and a PayPal gateway shaped like Orders v2. Each has a real adapter on the
 * provider's official SDK and an embedded sandbox (the default, with no keys) that keeps its own
 * state, fails as the provider fails and reports outcomes by signed webhooks.
 *
 * Amounts are integer pence. Nothing here knows about orders beyond the hash and number the shop
 * puts in the provider's metadata; the payments module (server/modules/payments) decides what an
 * outcome means for an order.
 */

/** Stripe's PaymentIntent statuses. */
export type CardIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** What a saved-card tile shows (SPEC §3 Member card), as the provider reports the card. */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardIntent {
  /** pi_… */
  id: string;
  clientSecret: string;
  status: CardIntentStatus;
  amount: number;
  /** Lower case ISO 4217, e.g. 'gbp'. */
  currency: string;
  /** metadata.order_hash as the shop set it; null when the intent is not the shop's. */
  orderHash: string | null;
  /** pm_… once a card was used. */
  paymentMethodId: string | null;
  /** The card, when the provider says which (to save it). */
  card: CardDetails | null;
  customerId: string | null;
  /** setup_future_usage was asked: the card is to be saved once the payment succeeds. */
  savesCard: boolean;
  /** Stripe's last_payment_error: code and the message to show the customer. */
  lastError: { code: string; declineCode: string | null; message: string } | null;
  /** Which of SPEC §9's methods paid (card, Google Pay, Apple Pay), when known. */
  method: 'STRIPE_CARD' | 'STRIPE_GOOGLE_PAY' | 'STRIPE_APPLE_PAY';
}

export interface CreateCardIntent {
  orderHash: string;
  orderNumber: string;
  amount: number;
  currency: 'gbp';
  /** The shop's idempotency key for this order and attempt: a retry answers the same intent. */
  idempotencyKey: string;
  receiptEmail: string;
  /** The member's provider customer (saving or paying with a saved card). */
  customerId?: string;
  /** Save the card for the customer once the payment succeeds (setup_future_usage). */
  saveCard?: boolean;
  /** Pay with this saved card now (confirm at creation; may answer requires_action for 3-D Secure). */
  paymentMethodId?: string;
}

/** A provider event the shop acts on, whichever provider sent it. */
export type PaymentEvent =
  | { kind: 'payment_succeeded'; eventId: string; provider: 'stripe' | 'paypal'; reference: string; orderHash: string | null; amount: number; currency: string; method: 'STRIPE_CARD' | 'STRIPE_GOOGLE_PAY' | 'STRIPE_APPLE_PAY' | 'PAYPAL'; card: CardIntent | null }
  | { kind: 'payment_failed'; eventId: string; provider: 'stripe' | 'paypal'; reference: string; orderHash: string | null; reason: string }
  | { kind: 'refunded'; eventId: string; provider: 'stripe' | 'paypal'; reference: string; orderHash: string | null; amountRefunded: number; currency: string }
  | { kind: 'ignored'; eventId: string; provider: 'stripe' | 'paypal'; type: string };

/** A webhook whose signature, body or timestamp does not verify: answered 400, nothing done. */
export class WebhookVerificationError extends Error {}

/** A refusal from the provider that the customer should read (declined card, PayPal issue). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly details: {
      code?: string;
      /** PayPal's error details and debug id, passed through to the browser (§5 capture rules). */
      paypal?: { details?: { issue: string; description: string }[]; debugId?: string };
      /** The provider could not be reached or failed on its side (5xx, timeout). */
      unavailable?: boolean;
    } = {},
  ) {
    super(message);
  }
}

/** A refund the provider made: its id (re_… or PayPal's refund id) and what it gave back. */
export interface ProviderRefund {
  id: string;
  amount: number;
  /** The provider's own word: succeeded/pending (Stripe), COMPLETED/PENDING (PayPal). */
  status: string;
}

export interface CardGateway {
  readonly mode: 'stripe' | 'sandbox';
  /**
   * POST /v1/refunds for (part of) a succeeded PaymentIntent, with an Idempotency-Key: the same key
   * sent again answers the first refund instead of making a second. More than is left to refund is
   * refused (PaymentProviderError).
   */
  refundPayment(input: { paymentIntentId: string; amount: number; idempotencyKey: string }): Promise<ProviderRefund>;
  /** pk_… for Stripe.js; null for the sandbox. */
  readonly publishableKey: string | null;
  createIntent(input: CreateCardIntent): Promise<CardIntent>;
  retrieveIntent(id: string): Promise<CardIntent>;
  /** A provider customer for a member (to save cards on). */
  createCustomer(input: { email: string; name: string; memberId: number }): Promise<string>;
  /** Forget a saved card at the provider. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Forget a member at the provider (a deleted account): the customer and every card saved on it. */
  deleteCustomer(customerId: string): Promise<void>;
  /** Reads a webhook: verifies the signature on the raw body against `receivedAt` (5 min tolerance). */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, receivedAt: Date): Promise<PaymentEvent>;
}

/** Orders v2 order statuses. */
export type PaypalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

export interface PaypalOrder {
  id: string;
  status: PaypalOrderStatus;
  amount: number;
  /** Upper case ISO 4217, e.g. 'GBP'. */
  currency: string;
  /** purchase_units[0].custom_id: the shop's order hash. */
  orderHash: string | null;
  /** purchase_units[0].payments.captures[0], once captured. */
  capture: { id: string; status: string; amount: number; currency: string } | null;
}

export interface PaypalGateway {
  readonly mode: 'paypal' | 'sandbox';
  /** The client id for PayPal's JS SDK; null for the sandbox. */
  readonly clientId: string | null;
  /** POST /v2/checkout/orders, intent CAPTURE, with PayPal-Request-Id = requestId. */
  createOrder(input: { orderHash: string; orderNumber: string; amount: number; currency: 'GBP'; requestId: string }): Promise<PaypalOrder>;
  getOrder(id: string): Promise<PaypalOrder>;
  /**
   * POST /v2/checkout/orders/{id}/capture with PayPal-Request-Id. A refusal throws
   * PaymentProviderError with `details.paypal` (issue/description list, debug id), e.g.
   * INSTRUMENT_DECLINED or ORDER_NOT_APPROVED.
   */
  captureOrder(id: string, requestId: string): Promise<PaypalOrder>;
  /**
   * POST /v2/payments/captures/{id}/refund with PayPal-Request-Id = requestId: the same id sent
   * again answers the first refund. More than is left of the capture is refused.
   */
  refundCapture(input: { captureId: string; amount: number; currency: string; requestId: string }): Promise<ProviderRefund>;
  /** Verifies a webhook (transmission id, time within 5 minutes of receivedAt, signature) and reads it. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, receivedAt: Date): Promise<PaymentEvent>;
}
