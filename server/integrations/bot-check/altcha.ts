/**
 * ALTCHA, self-hosted proof of work (PoW v2, the format of the `altcha` widget v3): the server
 * signs a challenge whose answer is a secret counter, the browser finds the counter by trying
 * counters from 0, and the server checks the answer against its signature. No keys at a provider,
 * no network.
 */
import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import * as z from 'zod/mini';
import { BOT_CHECK_ACTION } from '../../../src/contract/bot-check';
import type { BotCheck } from './bot-check';
import type { UsedTokens } from './used-tokens-repository';

export interface AltchaOptions {
  /** Signs challenges; every process that checks answers must share it. */
  hmacKey: string;
  /**
   * The largest secret counter: the browser tries about three quarters of it on average (the
   * counter is drawn from its upper half), each try one PBKDF2 derivation of ALGORITHM_COST rounds.
   */
  maxNumber: number;
}

const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 is native in browsers (WebCrypto); few rounds per try keep a phone's solve near a second. */
const ALGORITHM_COST = 100;
const CHALLENGE_LIFETIME_MS = 10 * 60_000;

/** The widget's answer: base64 of JSON {challenge, solution}. The challenge is checked by its signature. */
const payloadSchema = z.object({
  challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string() }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

function parsePayload(token: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createAltchaBotCheck({ hmacKey, maxNumber }: AltchaOptions, usedTokens: UsedTokens): BotCheck {
  // Signs the expected key separately, so checking an answer is one HMAC, not a key derivation.
  const keySignatureSecret = createHmac('sha256', hmacKey).update('altcha key signature').digest('hex');

  return {
    async challenge() {
      const { parameters, signature } = await createChallenge({
        algorithm: ALGORITHM,
        cost: ALGORITHM_COST,
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        deriveKey,
        data: { action: BOT_CHECK_ACTION },
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      // Always signed: a signature secret is given.
      if (!signature) throw new Error('altcha-lib returned an unsigned challenge');
      return { provider: 'altcha', challenge: { parameters: { ...parameters }, signature } };
    },

    async verify(token) {
      const payload = parsePayload(token);
      if (!payload) return false;
      const { challenge, solution } = payload;
      const result = await verifySolution({
        // Only shape-checked: the signature covers every parameter, so anything not written by
        // this server fails here as a whole.
        challenge: challenge as unknown as Challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
        // Input the library cannot read (a bot's, or a payload from another server) is a refusal.
      }).catch(() => null);
      if (!result?.verified) return false;
      // Signed, so these are the values this server wrote.
      const { data, expiresAt } = challenge.parameters as { data?: { action?: unknown }; expiresAt?: unknown };
      if (data?.action !== BOT_CHECK_ACTION || typeof expiresAt !== 'number') return false;
      // One use per challenge: keyed by its signature, not by the token, which could be re-encoded.
      return usedTokens.claim(challenge.signature, new Date(expiresAt * 1000));
    },
  };
}
