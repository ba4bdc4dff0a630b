/**
 * How the sandbox signs its webhooks and how its gateways check them: Stripe's scheme (the
 * `stripe` package's own helpers, with the sandbox secret as the endpoint secret) and PayPal's
 * message (`transmission id | time | webhook id | crc32 of the body`, which PayPal signs with
 * RSA) signed here with HMAC-SHA256 under the sandbox secret. Both are checked on the raw body
 * with a 5 minute tolerance, as the real providers' are. The `stripe` package (about 5 MB resident)
 * is loaded by the first webhook signed or checked, not at start.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { WebhookVerificationError } from '../port';

export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The sandbox's stand-in for the webhook id PayPal gives an endpoint. */
export const SANDBOX_PAYPAL_WEBHOOK_ID = 'SANDBOX-WEBHOOK';

const loadStripe = async () => (await import('stripe')).default;

export async function stripeSignatureHeader(payload: string, secret: string, at: Date): Promise<string> {
  const Stripe = await loadStripe();
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });
}

/** The verified event, or WebhookVerificationError for a bad signature, a changed body or an old timestamp. */
export async function verifiedStripeEvent(raw: Buffer, header: string | undefined, secret: string, receivedAt: Date): Promise<unknown> {
  if (!header) throw new WebhookVerificationError('no Stripe-Signature header');
  const Stripe = await loadStripe();
  try {
    return await Stripe.webhooks.constructEventAsync(raw, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime());
  } catch (error) {
    throw new WebhookVerificationError(error instanceof Error ? error.message : 'Stripe signature does not verify');
  }
}

const paypalMessage = (transmissionId: string, time: string, webhookId: string, body: Buffer | string) =>
  `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;

const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest();

export function paypalSignatureHeaders(body: string, secret: string, at: Date): Record<string, string> {
  const transmissionId = randomUUID();
  const time = at.toISOString();
  return {
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-auth-algo': 'HMACSHA256',
    'paypal-transmission-sig': hmac(secret, paypalMessage(transmissionId, time, SANDBOX_PAYPAL_WEBHOOK_ID, body)).toString('base64'),
  };
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function verifyPaypalSignature(raw: Buffer, headers: Record<string, string | string[] | undefined>, secret: string, receivedAt: Date): void {
  const transmissionId = one(headers['paypal-transmission-id']);
  const time = one(headers['paypal-transmission-time']);
  const signature = one(headers['paypal-transmission-sig']);
  if (!transmissionId || !time || !signature || one(headers['paypal-auth-algo']) !== 'HMACSHA256') throw new WebhookVerificationError('PayPal transmission headers missing');
  const sent = Date.parse(time);
  if (Number.isNaN(sent) || Math.abs(receivedAt.getTime() - sent) > WEBHOOK_TOLERANCE_SECONDS * 1000) throw new WebhookVerificationError('PayPal transmission time outside the tolerance');
  const expected = hmac(secret, paypalMessage(transmissionId, time, SANDBOX_PAYPAL_WEBHOOK_ID, raw));
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookVerificationError('PayPal signature does not verify');
}
