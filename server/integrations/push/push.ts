/**
 * The web push port (issue 17): sends one message to one browser's Push API subscription. Push
 * needs the push service URL the browser's subscription names, so every adapter speaks the Web
 * Push protocol (RFC 8030, payload encryption RFC 8291, VAPID RFC 8292); what is embedded when
 * nothing is configured is the VAPID key pair (vapid.ts), made once and kept in DATA_DIR.
 */

/** A browser's subscription as PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome =
  | { status: 'sent' }
  /** The push service answered 404 or 410: the subscription is gone and is removed. */
  | { status: 'gone' }
  /** Anything else (down, 429, 5xx, a timeout): tried again later. */
  | { status: 'failed'; reason: string };

export interface PushSender {
  /** The VAPID public key (base64url, uncompressed P-256 point) the browser subscribes with. */
  readonly publicKey: string;
  send(target: PushTarget, payload: string, options?: { ttlSeconds?: number; topic?: string }): Promise<PushOutcome>;
}
