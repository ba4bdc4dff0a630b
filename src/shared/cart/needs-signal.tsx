/**
 * What the cart and checkout say when the next step cannot happen yet: without signal, checkout
 * (addresses, order, payment) needs the shop's answer; with cart changes still being sent, the
 * totals are not the server's yet. Null when neither holds.
 */
import { useSignal } from './use-signal';
import styles from './offline-cart.module.css';

export function useCheckoutBlocked(pendingChanges: number): 'offline' | 'sending' | null {
  const online = useSignal();
  if (!online) return 'offline';
  return pendingChanges > 0 ? 'sending' : null;
}

export function NeedsSignal({ pendingChanges, what = 'Checkout' }: { pendingChanges: number; what?: string }) {
  const blocked = useCheckoutBlocked(pendingChanges);
  if (!blocked) return null;
  return (
    <p className={styles.signal} role="status">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M2 9a15 15 0 0 1 20 0l-2 2a12 12 0 0 0-16 0L2 9Zm4 4a9 9 0 0 1 12 0l-2 2a6 6 0 0 0-8 0l-2-2Zm4 4a3 3 0 0 1 4 0l-2 2-2-2Z" fill="currentColor" />
      </svg>
      {blocked === 'offline' ? (
        <span>
          <strong>You are offline: {what.charAt(0).toLowerCase() + what.slice(1)} needs signal.</strong>
          {pendingChanges > 0
            ? ` Your cart is kept on this device; ${pendingChanges === 1 ? 'the change' : `the ${pendingChanges} changes`} you made will be sent when the signal returns, and the total confirmed then.`
            : ' Your cart is kept on this device; carry on when the signal returns.'}
        </span>
      ) : (
        <span>
          <strong>Sending your cart changes…</strong> The total is confirmed once the shop has them.
        </span>
      )}
    </p>
  );
}
