/**
 * The push adapter on the `web-push` library: encrypts the payload for the subscription
 * (aes128gcm), signs a VAPID JWT with the shop's key and posts to the subscription's endpoint.
 */
import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushOutcome, PushSender, PushTarget } from './push';
import type { VapidKeys } from './vapid';

export interface WebPushOptions {
  keys: VapidKeys;
  /** A mailto: or https: contact for push services (VAPID_SUBJECT). */
  subject: string;
  timeoutMs: number;
  /** An HTTPS agent (tests: one reaching the local fake push service). */
  agent?: Agent;
}

/** A day: an alert about a used part is stale after that. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

export function createWebPushSender({ keys, subject, timeoutMs, agent }: WebPushOptions): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target: PushTarget, payload: string, options = {}): Promise<PushOutcome> {
      try {
        await webpush.sendNotification(target, payload, {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          timeout: timeoutMs,
          contentEncoding: 'aes128gcm',
          ...(options.topic ? { topic: options.topic } : {}),
          ...(agent ? { agent } : {}),
        });
        return { status: 'sent' };
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return { status: 'gone' };
        const reason = error instanceof WebPushError ? `push service answered ${error.statusCode}` : error instanceof Error ? error.message : String(error);
        return { status: 'failed', reason };
      }
    },
  };
}
