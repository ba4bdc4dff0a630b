import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createAltchaBotCheck } from './altcha';
import type { BotCheck } from './bot-check';
import { createTurnstileBotCheck } from './turnstile';
import { createUsedTokens } from './used-tokens-repository';

export type { BotCheck } from './bot-check';

/** The configured bot check; both adapters refuse a token used before, through the database. */
export function createBotCheck(config: Config['botCheck'], db: Database): BotCheck {
  const usedTokens = createUsedTokens(db);
  return config.adapter === 'turnstile' ? createTurnstileBotCheck(config, usedTokens) : createAltchaBotCheck(config, usedTokens);
}
