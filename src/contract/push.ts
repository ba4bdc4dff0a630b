/**
 * Web push subscriptions (issue 17; designed here). The page asks for the shop's VAPID public key,
 * subscribes with PushManager.subscribe({ userVisibleOnly: true, applicationServerKey }) once the
 * member allowed notifications, and sends the subscription (PushSubscription.toJSON()) here; one
 * per device, listed in the account settings, where each can be removed. The shop removes a
 * subscription itself when its push service answers 404 or 410.
 *
 * Payloads are JSON `{ title, body, url, tag? }`: the service worker shows the notification and
 * opens `url` (a part page, an order) when it is clicked. Sent: new-stock alerts, and an order's
 * status changes (paid).
 *
 * 401 signed out (the key itself is public), 404 another member's subscription, 403 without CSRF,
 * 422 naming bad fields.
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';
import { idParam, text } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

/** GET /push/vapid-public-key.json — the application server key (base64url) to subscribe with. */
export const getVapidPublicKey = defineCall({
  method: 'GET',
  path: '/push/vapid-public-key.json',
  summary: "The shop's VAPID public key",
  response: lazySchema(() => success({ public_key: z.string() })),
});

export const pushSubscriptionSchema = lazySchema(() => z.object({
  id: z.int(),
  label: z.string(),
  /** The push service's origin ('https://fcm.googleapis.com'), never the whole endpoint. */
  service: z.string(),
  created: z.string(),
}));

/** GET /push/subscriptions.json — the member's subscribed devices, newest first. */
export const getPushSubscriptions = defineCall({
  method: 'GET',
  path: '/push/subscriptions.json',
  summary: "The signed-in member's push subscriptions",
  response: lazySchema(() => success({ records: z.array(pushSubscriptionSchema) })),
});

const base64url = (min: number, max: number) => z.string().check(z.regex(/^[A-Za-z0-9_-]+=*$/, 'Base64url only.'), z.minLength(min, 'Too short.'), z.maxLength(max, 'Too long.'));

/**
 * POST /push/subscriptions {endpoint, keys: {p256dh, auth}, label?} — adds this device (the
 * same endpoint again updates it and moves it to this member).
 */
export const addPushSubscription = defineCall({
  method: 'POST',
  path: '/push/subscriptions',
  summary: 'Add a push subscription for this device',
  body: lazySchema(() => z.object({
    endpoint: z.url({ protocol: /^https$/, error: 'Must be an https URL.' }).check(z.maxLength(1000, 'Too long.')),
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 30) }),
    label: z.optional(text(80)),
  })),
  response: lazySchema(() => success({ subscription: pushSubscriptionSchema })),
});

/** DELETE /push/subscriptions/{id} — removes a device. */
export const removePushSubscription = defineCall({
  method: 'DELETE',
  path: '/push/subscriptions/:id',
  summary: 'Remove a push subscription',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ msg: z.string() })),
});
