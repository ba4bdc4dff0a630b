/**
 * 'Notifications on this device' in the account's settings (issue 17): turn on notifications for
 * this device (the browser asks for permission, then the shop's service worker subscribes), and
 * the member's subscribed devices, each removable. New-stock alerts and paid orders arrive as
 * notifications on every device listed; a tap opens the part or the order.
 */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { formatLongDate, parseShopDate } from '../../../domain/dates';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { isApiError } from '../../../shared/api/api-error';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { PushRefused, pushSupported, usePushDevices, useRemoveDevice, useSubscribeThisDevice } from '../api/push';
import styles from './account.module.css';
import garageStyles from './garage.module.css';

export function PushDevices() {
  const hydrated = useHydrated();
  // Known in the browser only: the server's page says nothing it would have to take back.
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(pushSupported()), []);
  const devices = usePushDevices(hydrated);
  const subscribe = useSubscribeThisDevice();
  const remove = useRemoveDevice();
  const [problem, setProblem] = useState<string | null>(null);

  const turnOn = async () => {
    if (subscribe.isPending) return;
    setProblem(null);
    try {
      await subscribe.mutateAsync();
      toast.success(t('push.subscribed'));
    } catch (error) {
      setProblem(error instanceof PushRefused ? t('push.denied') : isApiError(error) && error.kind !== 'parse' ? error.msg : t('push.failed'));
    }
  };

  const removeDevice = async (id: number) => {
    try {
      const answer = await remove.mutateAsync(id);
      toast.success(answer.msg || t('push.removed'));
    } catch (error) {
      toast.error(isApiError(error) && error.kind !== 'parse' ? error.msg : t('global.error'));
    }
  };

  const list = devices.isError ? [] : (devices.data ?? null);
  return (
    <section className={styles.section} aria-labelledby="push-title">
      <h2 id="push-title">Notifications on this device</h2>
      <p className={styles.note}>Get a notification when parts you have an alert for arrive, and when an order is paid. A tap on it opens the part or the order.</p>
      {supported === false ? (
        <p className={styles.note}>{t('push.unsupported')}</p>
      ) : (
        <div>
          <Button variant="primary" disabled={!hydrated || supported !== true} aria-disabled={subscribe.isPending} aria-busy={subscribe.isPending} onClick={() => void turnOn()}>
            {subscribe.isPending ? 'Turning on…' : 'Turn on notifications on this device'}
          </Button>
        </div>
      )}
      {problem ? (
        <p role="alert" className={garageStyles.problem}>
          {problem}
        </p>
      ) : null}
      <h3 className={garageStyles.devicesTitle}>Your devices</h3>
      {list === null ? (
        <p role="status">Loading your devices…</p>
      ) : list.length === 0 ? (
        <p className={styles.muted}>No device shows notifications yet.</p>
      ) : (
        <ul role="list" className={garageStyles.devices} aria-label="Devices with notifications">
          {list.map((device) => (
            <li key={device.id} className={garageStyles.device}>
              <span>
                <strong>{device.label || 'A device'}</strong>
                <span className={styles.muted}> · since {formatLongDate(parseShopDate(device.created))}</span>
              </span>
              <button type="button" className={styles.linkButton} disabled={!hydrated} onClick={() => void removeDevice(device.id)}>
                Remove<span className="visually-hidden"> {device.label || 'this device'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
