/**
 * Cloudflare Turnstile: the widget gets a token from Cloudflare, and the server asks Cloudflare's
 * siteverify API whether the token is good (POST secret, response, remoteip).
 */
import * as z from 'zod/mini';
import { BOT_CHECK_ACTION } from '../../../src/contract/bot-check';
import type { BotCheck } from './bot-check';
import type { UsedTokens } from './used-tokens-repository';

export const TURNSTILE_DEFAULT_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface TurnstileOptions {
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
  /** The customer is waiting on the form's answer. */
  timeoutMs: number;
}

/** Cloudflare refuses a token older than 300 seconds; ours is kept at least that long. */
const TOKEN_LIFETIME_MS = 300_000;

/** The fields we read of siteverify's answer; it sends more (challenge_ts, hostname, cdata…). */
const siteverifyAnswer = z.object({
  success: z.boolean(),
  action: z.optional(z.string()),
});

/** Cloudflare could not be asked (a timeout, a refused connection, a 5xx): no answer either way. */
export class BotCheckUnavailableError extends Error {
  override name = 'BotCheckUnavailableError';
}

export function createTurnstileBotCheck({ siteKey, secretKey, verifyUrl, timeoutMs }: TurnstileOptions, usedTokens: UsedTokens): BotCheck {
  return {
    async challenge() {
      return { provider: 'turnstile', siteKey, action: BOT_CHECK_ACTION };
    },

    async verify(token, { remoteIp }) {
      let answer: unknown;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          body: new URLSearchParams({ secret: secretKey, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status >= 500) throw new Error(`siteverify answered ${response.status}`);
        answer = await response.json();
      } catch (error) {
        // Not the person's fault: surfaces as a logged server error rather than a refused check.
        throw new BotCheckUnavailableError('Turnstile siteverify did not answer', { cause: error });
      }
      const parsed = siteverifyAnswer.safeParse(answer);
      if (!parsed.success || !parsed.data.success || parsed.data.action !== BOT_CHECK_ACTION) return false;
      return usedTokens.claim(token, new Date(Date.now() + TOKEN_LIFETIME_MS));
    },
  };
}
