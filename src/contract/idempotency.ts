/**
 * Writes that can be queued offline (part requests, enquiries, notifications, cart changes, wishlist
 * taps, saved searches, garage vehicles, returns) may carry an Idempotency-Key: one random value
 * per intended write, sent again unchanged on every retry. The
 * server stores the first success under the key and the session, and answers a repeat with it.
 */

/** Request header; a repeat's answer also carries `Idempotent-Replayed: true`. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** 8 to 128 visible ASCII characters, e.g. a crypto.randomUUID(). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
