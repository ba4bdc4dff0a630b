/**
 * The bot-check port: a widget in the browser proves a person filled the form, and the server
 * checks that proof once. Adapters: ALTCHA, self-hosted proof of work (the default, no keys, no
 * network), and Cloudflare Turnstile.
 */
import type { BotCheckChallenge } from '../../../src/contract/bot-check';

/** Each variant of the call's answer without the envelope's `success`. */
type WithoutSuccess<T> = T extends unknown ? Omit<T, 'success'> : never;
export type BotCheckWidget = WithoutSuccess<BotCheckChallenge>;

export interface BotCheck {
  /** What the browser's widget needs: which one to render and, for ALTCHA, a fresh challenge. */
  challenge(): Promise<BotCheckWidget>;
  /**
   * Whether the token proves a person solved a check for the part request action. True once per
   * token: a token accepted before is refused, also when two requests race with it.
   */
  verify(token: string, context: { remoteIp: string }): Promise<boolean>;
}
