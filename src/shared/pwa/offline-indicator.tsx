import { useOnlineStatus } from '../hooks/use-online-status';
import styles from './pwa-notices.module.css';

/** A strip under the header while the browser reports no connection. */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  return <div role="status">{online ? null : <p className={styles.offline}>You are offline — showing saved data</p>}</div>;
}
