// New-stock alerts (issue 17) as the app sees them: the member's calls, the mail's unsubscribe
// page, the worker loop, the unsubscribe tokens' key, and its part of an account's deletion.
import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { searchIdKeyOf } from '../catalogue/index';
import { createAlertRepository } from './repository';
import { createUnsubscribeTokens } from './unsubscribe-token';

export { alertWorker } from './alert-worker';
export { alertRoutes } from './routes';
export { unsubscribePage } from './unsubscribe-page';
export type { RoundReport } from './worker';

/** ALERT_TOKEN_KEY, else a key derived from the SearchID key (shared by every process already). */
export function unsubscribeTokensOf(config: Config) {
  const key = config.alerts.tokenKey ?? createHmac('sha256', searchIdKeyOf(config.catalogue.searchIdKey, config.dataDir)).update('stock-alert-unsubscribe').digest('hex');
  return createUnsubscribeTokens(key);
}

/** A step of a member's account deletion (members' erasure steps, given by the app): their alerts and what waits to be told go; on `tx`, the deletion's transaction. */
export function eraseMemberAlerts(tx: Database, { memberId }: { memberId: number }): Promise<void> {
  return createAlertRepository(tx).eraseMember(memberId);
}
