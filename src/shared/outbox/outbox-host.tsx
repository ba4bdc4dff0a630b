/**
 * The outbox on every page, loaded after hydration (like the toaster): it connects to the service
 * worker's outbox, tells the person each outcome (sent: a toast, and the item leaves the list;
 * needs attention, waiting for sign-in or a bot check, or failed: a toast with the reason), shows
 * a notice while something waits for them and there is signal (it leads to the sign-in or to the
 * list), and draws the list when it is opened.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { OutboxItem, OutboxKind, OutboxState } from '../../domain/outbox';
import { useLoginModalOpen } from '../account/login-modal-state';
import { garageKeys } from '../garage/garage-queries';
import { savedSearchKeys } from '../saved-searches/saved-search-list';
import { useOnlineStatus } from '../hooks/use-online-status';
import { Button } from '../ui/button';
import { beginBusy } from '../pwa/busy';
import { connectOutbox, markOutboxSeen, signInToSend } from './bridge';
import styles from './outbox.module.css';
import { openOutbox, setOutboxView, useOutboxView } from './outbox-state';
import { lazyWhenOnline } from '../lazy-when-online';

const OutboxSheet = lazyWhenOnline(() => import('./outbox-sheet'));

/** Outcomes worth a toast when an item moves into them. */
const TOLD: Partial<Record<OutboxState, (item: OutboxItem) => void>> = {
  'needs-attention': (item) => toast.error(`${item.label}: needs your attention. ${item.reason ?? ''}`.trim()),
  failed: (item) => toast.error(`${item.label}: not sent. ${item.reason ?? ''}`.trim()),
  'needs-sign-in': (item) => toast.warning(`${item.label}: sign in to send it.`),
};

/**
 * What the page reads again once an item of a kind has been sent: what it showed from the queued
 * change (the hearts' Tags) or without it (the lists). The orders' key is the account's
 * (features/account/api/orders.ts accountOrderKeys.all), which this shared host cannot import.
 */
const READ_AGAIN: Partial<Record<OutboxKind, readonly string[]>> = {
  wishlist: ['wishlist'],
  'saved-search': savedSearchKeys.all,
  'garage-vehicle': garageKeys.all,
  return: ['account', 'orders'],
};

export default function OutboxHost() {
  const client = useQueryClient();
  const { pending, open } = useOutboxView();
  const online = useOnlineStatus();
  // The sign-in the notice leads to is open: the notice would cover its form.
  const signingIn = useLoginModalOpen();
  const known = useRef(new Map<string, OutboxState>());
  const endBusy = useRef<(() => void) | undefined>(undefined);

  useEffect(
    () =>
      connectOutbox((items, sending) => {
        const sent = items.filter((item) => item.state === 'sent');
        for (const item of sent) {
          // Sent, perhaps while the app was closed: said once, then forgotten by the worker.
          if (known.current.get(item.id) !== 'sent') {
            toast.success(`${item.label} sent. ${item.message ?? ''}`.trim());
            const readAgain = READ_AGAIN[item.kind];
            if (readAgain) void client.invalidateQueries({ queryKey: readAgain });
          }
          known.current.set(item.id, 'sent');
        }
        if (sent.length) void markOutboxSeen(sent.map((item) => item.id)).catch(() => undefined);
        const stillPending = items.filter((item) => item.state !== 'sent');
        for (const item of stillPending) {
          const before = known.current.get(item.id);
          // Told when an item moves into the state (not again for each broadcast, nor for the
          // state it was queued in).
          if (before !== undefined && before !== item.state) TOLD[item.state]?.(item);
          known.current.set(item.id, item.state);
        }
        setOutboxView({ pending: stillPending, sending });
        // An item on its way holds back any reload of this tab (an update's Reload waits for it).
        if (sending && !endBusy.current) endBusy.current = beginBusy('outbox');
        else if (!sending && endBusy.current) {
          endBusy.current();
          endBusy.current = undefined;
        }
      }),
    [client],
  );

  const botCheck = pending.filter((item) => item.state === 'needs-bot-check').length;
  const signIn = pending.filter((item) => item.state === 'needs-sign-in').length;
  const attention = pending.filter((item) => item.state === 'needs-attention' || item.state === 'failed').length;
  const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

  return (
    <>
      <div role="status" className={styles.noticeRegion}>
        {online && !signingIn && (botCheck || signIn || attention) ? (
          <div className={styles.notice} data-outbox-notice="">
            <p className={styles.noticeText}>
              {signIn
                ? `Sign in to send ${plural(signIn, 'your saved request', `your ${signIn} saved requests`)}.`
                : botCheck
                  ? `${plural(botCheck, 'Your saved part request needs', `${botCheck} saved part requests need`)} a security check before ${plural(botCheck, 'it', 'they')} can be sent.`
                  : `${plural(attention, 'A saved request needs', `${attention} saved requests need`)} your attention.`}
            </p>
            {signIn ? (
              <Button variant="accent" onClick={signInToSend}>
                Sign in
              </Button>
            ) : (
              <Button variant="accent" onClick={openOutbox}>
                {botCheck ? 'Complete the check' : 'Review'}
              </Button>
            )}
          </div>
        ) : null}
      </div>
      {open ? (
        <Suspense fallback={null}>
          <OutboxSheet />
        </Suspense>
      ) : null}
    </>
  );
}
