import { formatDateTime } from '../../domain/dates';
import styles from './offline.module.css';

/**
 * Issue 16's notice over a page drawn from what the phone kept: the prices and stock shown may
 * have changed since, so it says when they were true (London time, 'HH:MM dd/mm/yy' as the
 * shop's other dates). Nothing while `asOf` is undefined (online, fresh data).
 */
export function OfflineNotice({ asOf }: { asOf: number | undefined }) {
  // The status region stays in place (empty, it takes no room) so a screen reader announces the
  // notice when it appears.
  return (
    <div role="status">
      {asOf === undefined ? null : (
        <p className={styles.notice} data-testid="offline-notice">
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />
          </svg>
          <span>You are offline — price and availability as of {formatDateTime(new Date(asOf))}</span>
        </p>
      )}
    </div>
  );
}
