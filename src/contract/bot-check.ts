/**
 * The bot check in front of public forms (SPEC §7: a bot-check widget with the action
 * request_car_part). The server says which widget to render: ALTCHA, self-hosted proof of work
 * (the default), or Cloudflare Turnstile when the shop has its keys. The widget's answer goes back
 * as the form's `cf-token` field, and the server accepts each answer once.
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

/** The action the part request form's check is bound to; a token for another action is refused. */
export const BOT_CHECK_ACTION = 'request_car_part';

/**
 * An ALTCHA proof-of-work challenge (PoW v2, as the `altcha` widget v3 reads it): give it to the
 * widget as its `challenge` (JSON.stringify of this object). The parameters are signed, so they
 * are passed on untouched, including any the schema does not name.
 */
export const altchaChallengeSchema = lazySchema(() => z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.int(),
    keyLength: z.int(),
    keyPrefix: z.string(),
    keySignature: z.optional(z.string()),
    /** Unix seconds; about 10 minutes after the challenge was issued. */
    expiresAt: z.optional(z.int()),
    data: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  }),
  signature: z.string(),
}));
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

export const botCheckChallengeSchema = lazySchema(() => z.discriminatedUnion('provider', [
  success({ provider: z.literal('altcha'), challenge: altchaChallengeSchema }),
  success({ provider: z.literal('turnstile'), siteKey: z.string(), action: z.literal(BOT_CHECK_ACTION) }),
]));
export type BotCheckChallenge = z.infer<typeof botCheckChallengeSchema>;

/**
 * GET /bot-check/challenge.json — what the form's bot-check widget needs: a fresh ALTCHA challenge
 * (one per form; it expires after about 10 minutes and can be solved once), or Turnstile's site
 * key and action. Never cached; starts no session.
 */
export const getBotCheckChallenge = defineCall({
  method: 'GET',
  path: '/bot-check/challenge.json',
  summary: 'The bot-check widget to render and, for ALTCHA, a fresh challenge',
  response: botCheckChallengeSchema,
});
