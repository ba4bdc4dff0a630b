/**
 * The mark on a cart line whose change waits in the queue: 'Waiting for signal' while offline,
 * 'Sending…' once the signal is back and the queue is being sent.
 */
import type { PendingMark as Mark } from './pending-cart';
import { useSignal } from './use-signal';
import styles from './offline-cart.module.css';

const WHAT: Record<Mark, string> = { add: 'Added', remove: 'Removal', warranty: 'Warranty change' };

export function PendingMark({ pending }: { pending: Mark | null }) {
  const online = useSignal();
  if (!pending) return null;
  return (
    <span className={styles.mark} data-pending={pending}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 2a5 5 0 1 1 0 10A5 5 0 0 1 8 3Zm-.75 1.5v4l3.2 1.9.75-1.25-2.45-1.45V4.5h-1.5Z" fill="currentColor" />
      </svg>
      {WHAT[pending]}: {online ? 'sending…' : 'waiting for signal'}
    </span>
  );
}
