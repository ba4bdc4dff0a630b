import type { AppProps } from '../../../src/contract/app-props';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { memberAppProps } from '../members/index';
import type { Session } from '../../plugins/session';

/**
 * The app props of SPEC §3 for this visitor: the configuration's currency and flags, and the
 * member signed in on the session (id and first name, so the header greets them by name), and the
 * instant the page is drawn for.
 */
export async function appPropsFor(config: Config, db: Database, session: Session | null, now: Date): Promise<AppProps> {
  return {
    isProduction: config.isProduction,
    ...(await memberAppProps(db, session)),
    defaultCurrency: config.defaultCurrency,
    flags: config.flags,
    serverTime: now.toISOString(),
  };
}
