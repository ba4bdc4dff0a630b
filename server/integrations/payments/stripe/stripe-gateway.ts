/**
 * The Stripe card gateway on the official `stripe` SDK: one PaymentIntent per payment attempt
 * (automatic payment methods, so the Payment Element offers cards, Google Pay and Apple Pay),
 * Customers to save cards on, and Stripe's signed webhooks read against the time they arrived.
 *
 * Stripe's refusals the customer should read (a declined card) become PaymentProviderError with
 * Stripe's code; Stripe being down, slow or rate-limiting becomes PaymentProviderError with
 * `unavailable`; anything else (a bad key, a wrong parameter, a reused idempotency key with other
 * parameters) is the shop's own mistake and is thrown as the SDK threw it.
 */
import Stripe from 'stripe';
import { type CardGateway, type CardIntent, PaymentProviderError, WebhookVerificationError } from '../port';
import { cardIntentOfStripe, paymentEventOfStripe } from '../stripe-events';
import { withTimeLimit } from '../../time-limit';

/** Stripe's advice and the rule: an event signed more than 5 minutes before it arrived is refused. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API is (STRIPE_API_URL, e.g. a local fake); Stripe's own when absent. Only host, port and protocol are used. */
  apiUrl?: URL;
  /**
   * A customer is waiting on the answer, so far less than the SDK's 80 s: the limit of each call,
   * retries included (PAYMENT_TIMEOUT_MS); past it the call is answered as Stripe unavailable.
   */
  timeoutMs?: number;
  /** Retries of a connection failure or a 5xx; safe because every POST carries an idempotency key. */
  maxNetworkRetries?: number;
}

function connectionOf(apiUrl: URL | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const protocol = apiUrl.protocol === 'http:' ? 'http' : 'https';
  return { host: apiUrl.hostname, port: apiUrl.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Runs a call to Stripe within `timeoutMs` and reads its failure as the port's errors. */
async function callWithin<T>(timeoutMs: number, request: () => Promise<T>): Promise<T> {
  try {
    return await withTimeLimit(request, timeoutMs, () => new PaymentProviderError(`Stripe did not answer within ${timeoutMs} ms`, { unavailable: true }));
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error;
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new PaymentProviderError(error.message, { code: error.code ?? 'card_declined' });
    }
    const failedOnStripesSide =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      error instanceof Stripe.errors.StripeAPIError ||
      (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);
    if (failedOnStripesSide) throw new PaymentProviderError(error.message, { unavailable: true });
    throw error;
  }
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function createStripeGateway(options: StripeGatewayOptions): CardGateway {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const call = <T>(request: () => Promise<T>) => callWithin(timeoutMs, request);
  const stripe = new Stripe(options.secretKey, {
    // The SDK's types describe this version; pinning it keeps the objects' shape what the code reads.
    apiVersion: Stripe.API_VERSION,
    timeout: timeoutMs,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    ...connectionOf(options.apiUrl),
  });

  async function retrieve(id: string): Promise<CardIntent> {
    // Expanded, so the card's brand, last four digits, expiry and wallet are known (to save it and
    // to tell card, Google Pay and Apple Pay apart).
    const intent = await call(() => stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
    return cardIntentOfStripe(intent);
  }

  return {
    mode: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent(input) {
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amount,
        currency: input.currency,
        // A saved card is confirmed here on the server, where no page could come back from a
        // redirect: Stripe then requires redirect-based methods to be off (3-D Secure still works,
        // through Stripe.js on the answer's requires_action). The Payment Element confirms in the
        // browser with its own return_url, so every method the Dashboard enables stays offered.
        automatic_payment_methods: input.paymentMethodId ? { enabled: true, allow_redirects: 'never' } : { enabled: true },
        metadata: { order_hash: input.orderHash, order_number: input.orderNumber },
        receipt_email: input.receiptEmail,
        description: `Order ${input.orderNumber}`,
        expand: ['payment_method'],
      };
      if (input.customerId) params.customer = input.customerId;
      if (input.saveCard) params.setup_future_usage = 'off_session';
      if (input.paymentMethodId) Object.assign(params, { payment_method: input.paymentMethodId, confirm: true, off_session: false });
      const intent = await call(() => stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }));
      return cardIntentOfStripe(intent);
    },

    retrieveIntent: retrieve,

    async refundPayment({ paymentIntentId, amount, idempotencyKey }) {
      // Stripe refunds the intent's charge; a repeated key answers the first refund (Idempotent-Replayed).
      const refund = await call(async () => {
        try {
          return await stripe.refunds.create({ payment_intent: paymentIntentId, amount }, { idempotencyKey });
        } catch (error) {
          // More than is left (refunded meanwhile from Stripe's Dashboard, say): a refusal staff read, not the shop's bug.
          if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'amount_too_large' || error.code === 'charge_already_refunded')) {
            throw new PaymentProviderError(error.message, { code: error.code });
          }
          throw error;
        }
      });
      return { id: refund.id, amount: refund.amount, status: refund.status ?? 'pending' };
    },

    async createCustomer({ email, name, memberId }) {
      const customer = await call(() => stripe.customers.create({ email, name, metadata: { member_id: String(memberId) } }));
      return customer.id;
    },

    async detachPaymentMethod(paymentMethodId) {
      await call(() => stripe.paymentMethods.detach(paymentMethodId));
    },

    // Deleting a Stripe customer also detaches the payment methods saved on it.
    async deleteCustomer(customerId) {
      await call(() => stripe.customers.del(customerId));
    },

    async parseWebhook(rawBody, headers, receivedAt) {
      const signature = headerOf(headers, 'stripe-signature');
      if (!signature) throw new WebhookVerificationError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        // receivedAt in milliseconds: the SDK measures the signature's age against it, not the clock.
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime());
      } catch (error) {
        // A signature that verifies over a body that is not JSON cannot come from Stripe either.
        if (error instanceof Stripe.errors.StripeSignatureVerificationError || error instanceof SyntaxError) throw new WebhookVerificationError(error.message);
        throw error;
      }
      if (event.type === 'payment_intent.succeeded') {
        // The event carries the card only as an id; the expanded intent says which card (to save
        // it) and which wallet paid.
        const intent = await call(() => stripe.paymentIntents.retrieve(event.data.object.id, { expand: ['payment_method'] }));
        return paymentEventOfStripe({ id: event.id, type: event.type, data: { object: intent } });
      }
      return paymentEventOfStripe(event);
    },
  };
}
