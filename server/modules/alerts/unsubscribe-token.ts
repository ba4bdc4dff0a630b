/**
 * The unsubscribe link of an alert mail works without sign-in: its token is the alert's id and an
 * HMAC-SHA256 of it under the alerts' key (ALERT_TOKEN_KEY, else derived from the SearchID key),
 * so nobody can stop another member's alert by guessing ids, and it works in any process.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_BYTES = 16;

export function createUnsubscribeTokens(key: string) {
  const sign = (alertId: number) => createHmac('sha256', key).update(`stock-alert-unsubscribe:${alertId}`).digest().subarray(0, SIGNATURE_BYTES);
  return {
    issue: (alertId: number): string => `${alertId}-${sign(alertId).toString('base64url')}`,
    /** The alert the token names, or null for one this shop did not sign. */
    read(token: string): number | null {
      const match = /^(\d{1,10})-([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match?.[1] || !match[2]) return null;
      const alertId = Number(match[1]);
      const given = Buffer.from(match[2], 'base64url');
      return given.length === SIGNATURE_BYTES && timingSafeEqual(given, sign(alertId)) ? alertId : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
