/**
 * The PayPal adapter: Orders v2 through PayPal's current server SDK (@paypal/paypal-server-sdk;
 * the older checkout-server-sdk is deprecated), with a PayPal-Request-Id on every call that moves
 * money so a retried call answers the first call's order or capture instead of making another.
 *
 * A refusal is a PaymentProviderError carrying PayPal's own reading of it — the issue/description
 * details list and the debug id when PayPal sends them, PayPal's message alone when it does not —
 * so the payments module can answer SPEC §5's two capture failure shapes. PayPal not answering,
 * timing out or failing on its side (5xx) is marked unavailable.
 *
 * Webhooks are verified by PayPal itself (POST /v1/notifications/verify-webhook-signature) after
 * the transmission headers are checked here: all present and sent within 5 minutes of receipt.
 */
import type { Agent } from 'node:https';
import { ApiError, CheckoutPaymentIntent, Client, Environment, type Order, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import { withTimeLimit } from '../../time-limit';
import { decimalOf, paymentEventOfPaypal, type PaypalWebhookBody, penceOf } from '../paypal-events';
import { type PaypalGateway, type PaypalOrder, type PaypalOrderStatus, PaymentProviderError, WebhookVerificationError } from '../port';

export interface PaypalGatewayOptions {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the shop's webhook subscription; verification is against it. */
  webhookId: string;
  environment: 'sandbox' | 'production';
  /**
   * A PayPal call slower than this counts as PayPal unavailable (the customer is waiting): the
   * limit of each call, its OAuth token included (PAYMENT_TIMEOUT_MS).
   */
  timeoutMs?: number;
  /**
   * How HTTPS connections to PayPal are made (the SDK's `httpClientOptions.httpsAgent`). Left out
   * in production; tests give the local fake's agent, since the SDK's base URL cannot be changed.
   */
  httpsAgent?: Agent;
}

/** PayPal's transmission time may differ from our receipt by this much, either way (a replay guard). */
const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** The verification call's field ← the header PayPal sends it in. */
const TRANSMISSION_HEADERS = [
  ['auth_algo', 'paypal-auth-algo'],
  ['cert_url', 'paypal-cert-url'],
  ['transmission_id', 'paypal-transmission-id'],
  ['transmission_sig', 'paypal-transmission-sig'],
  ['transmission_time', 'paypal-transmission-time'],
] as const;

const ORDER_STATUSES: readonly string[] = ['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED'] satisfies PaypalOrderStatus[];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function bodyOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(body);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** PayPal's error answer (name, message, debug_id, details) as a PaymentProviderError. */
function providerErrorOf(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof ApiError) {
    // The SDK keeps the error body as PayPal sent it (snake_case), not mapped to its models; it
    // parses it only for the statuses a call declares, so the rest are read here.
    const answer = isRecord(error.result) ? error.result : bodyOf(error.body);
    const details = Array.isArray(answer.details)
      ? answer.details.filter(isRecord).flatMap((detail) => {
          const issue = textOf(detail.issue);
          return issue ? [{ issue, description: textOf(detail.description) ?? issue }] : [];
        })
      : [];
    const debugId = textOf(answer.debug_id) ?? textOf(error.headers['paypal-debug-id']);
    const message = textOf(answer.message) ?? textOf(answer.error_description) ?? error.message;
    const code = details[0]?.issue ?? textOf(answer.name) ?? textOf(answer.error) ?? `HTTP_${error.statusCode}`;
    return new PaymentProviderError(message, {
      code,
      paypal: { ...(details.length > 0 ? { details } : {}), ...(debugId ? { debugId } : {}) },
      ...(error.statusCode >= 500 ? { unavailable: true } : {}),
    });
  }
  // A refused connection, a timeout, or an answer the SDK could not read: PayPal, not the payment.
  const reason = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`PayPal could not be reached: ${reason}`, { unavailable: true });
}

function paypalOrderOf(order: Order): PaypalOrder {
  if (!order.id || !order.status || !ORDER_STATUSES.includes(order.status)) {
    throw new PaymentProviderError('PayPal answered without an order id and status', { unavailable: true });
  }
  const unit = order.purchaseUnits?.[0];
  const captured = unit?.payments?.captures?.[0];
  const money = unit?.amount ?? captured?.amount;
  return {
    id: order.id,
    status: order.status as PaypalOrderStatus,
    amount: penceOf(money?.value),
    currency: money?.currencyCode ?? '',
    orderHash: unit?.customId ?? captured?.customId ?? null,
    capture: captured
      ? { id: captured.id ?? '', status: captured.status ?? '', amount: penceOf(captured.amount?.value), currency: captured.amount?.currencyCode ?? '' }
      : null,
  };
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return textOf((Array.isArray(value) ? value[0] : value)?.trim());
}

export function createPaypalGateway(options: PaypalGatewayOptions): PaypalGateway {
  const timeout = options.timeoutMs ?? 10_000;

  // The SDK keeps the client's OAuth token (client credentials, cached until it expires) in one
  // promise; once a token request fails that promise stays rejected and every later call fails
  // with it. A failed token request therefore replaces the client, so the next call asks again.
  const connect = () => {
    const client: Client = new Client({
      environment: options.environment === 'production' ? Environment.Production : Environment.Sandbox,
      timeout,
      clientCredentialsAuthCredentials: {
        oAuthClientId: options.clientId,
        oAuthClientSecret: options.clientSecret,
        oAuthTokenProvider: async (lastToken, manager) => {
          try {
            return await manager.updateToken(lastToken);
          } catch (error) {
            if (sdk.client === client) sdk = connect();
            throw error;
          }
        },
      },
      ...(options.httpsAgent ? { httpClientOptions: { timeout, httpsAgent: options.httpsAgent } } : {}),
    });
    return { client, orders: new OrdersController(client), payments: new PaymentsController(client) };
  };
  let sdk = connect();

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeLimit(run, timeout, () => {
        // A token request still under way fails a moment later, when the SDK's own timeout passes,
        // and would fail the call that is waiting on it then: the first call after a slow PayPal
        // returned. So the next call starts a client of its own, with a new token request.
        sdk = connect();
        return new PaymentProviderError(`PayPal did not answer within ${timeout} ms`, { unavailable: true });
      });
    } catch (error) {
      throw providerErrorOf(error);
    }
  };

  /**
   * PayPal's verification of a webhook. The SDK has no notifications controller, so the call goes
   * through the client's own request builder (same host, OAuth token and connection). The event is
   * sent as the raw body PayPal delivered: PayPal checks its signature over the event, and parsing
   * and re-serialising it could change it (number forms, escapes) and fail a genuine webhook.
   */
  const verificationStatus = async (transmission: Record<string, string>, rawEvent: string): Promise<string> => {
    const fields = JSON.stringify({ ...transmission, webhook_id: options.webhookId });
    const request = sdk.client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
    request.header('Content-Type', 'application/json');
    request.text(`${fields.slice(0, -1)},"webhook_event":${rawEvent}}`);
    request.authenticate([{ oauth2: true }]);
    try {
      const { result } = await request.callAsText();
      const answer: unknown = JSON.parse(result);
      return isRecord(answer) ? (textOf(answer.verification_status) ?? '') : '';
    } catch (error) {
      // 400 VALIDATION_ERROR: PayPal will not read these transmission headers — not a webhook of ours.
      if (error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 422)) return 'FAILURE';
      throw providerErrorOf(error);
    }
  };

  return {
    mode: 'paypal',
    clientId: options.clientId,

    createOrder: (input) =>
      call(async () => {
        const { result } = await sdk.orders.createOrder({
          paypalRequestId: input.requestId,
          // PayPal answers only id, status and links unless asked for the whole order.
          prefer: 'return=representation',
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                amount: { currencyCode: input.currency, value: decimalOf(input.amount) },
                customId: input.orderHash,
                // PayPal refuses a second payment with the same invoice id: one more guard against paying an order twice.
                invoiceId: input.orderNumber,
                description: `Order ${input.orderNumber}`,
              },
            ],
          },
        });
        return paypalOrderOf(result);
      }),

    getOrder: (id) =>
      call(async () => {
        const { result } = await sdk.orders.getOrder({ id });
        return paypalOrderOf(result);
      }),

    captureOrder: (id, requestId) =>
      call(async () => {
        const { result } = await sdk.orders.captureOrder({ id, paypalRequestId: requestId, prefer: 'return=representation' });
        return paypalOrderOf(result);
      }),

    refundCapture: ({ captureId, amount, currency, requestId }) =>
      call(async () => {
        const { result } = await sdk.payments.refundCapturedPayment({
          captureId,
          paypalRequestId: requestId,
          prefer: 'return=representation',
          body: { amount: { currencyCode: currency.toUpperCase(), value: decimalOf(amount) } },
        });
        return { id: result.id ?? '', amount: penceOf(result.amount?.value), status: result.status ?? '' };
      }),

    async parseWebhook(rawBody, headers, receivedAt) {
      const transmission: Record<string, string> = {};
      for (const [field, name] of TRANSMISSION_HEADERS) {
        const value = headerOf(headers, name);
        if (!value) throw new WebhookVerificationError(`PayPal webhook without its ${name} header`);
        transmission[field] = value;
      }
      const sentAt = Date.parse(transmission.transmission_time ?? '');
      if (Number.isNaN(sentAt) || Math.abs(receivedAt.getTime() - sentAt) > WEBHOOK_TOLERANCE_MS) {
        throw new WebhookVerificationError('PayPal webhook transmission time is not within 5 minutes of its receipt');
      }
      const rawEvent = rawBody.toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawEvent);
      } catch {
        throw new WebhookVerificationError('PayPal webhook body is not JSON');
      }
      if (!isRecord(body) || !textOf(body.id) || !textOf(body.event_type)) throw new WebhookVerificationError('PayPal webhook body is not an event');
      if ((await verificationStatus(transmission, rawEvent)) !== 'SUCCESS') throw new WebhookVerificationError('PayPal did not verify the webhook signature');
      return paymentEventOfPaypal(body as unknown as PaypalWebhookBody);
    },
  };
}
