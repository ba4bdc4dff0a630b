/**
 * A cart line's hold (issue 32), on the cart page and in the sidebar: 'Held for you for 24:13'
 * counting down, then 'No longer held' with 'Hold again'. The countdown runs from when the cart
 * was answered (the shop's seconds left), so a device whose clock is wrong still counts right; the
 * server's markup and the hydrating render show the answer's figure, so they match. Screen readers
 * hear it through a polite live region whose text changes only at 5 minutes left and at the end.
 */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { holdAnnouncement, holdStage, holdText } from '../../../domain/cart-hold';
import { newIdempotencyKey, useCart, useCartWrite } from '../../../shared/cart/cart-api';
import { cartErrorText } from '../../../shared/cart/error-text';
import type { CartViewLine } from '../../../shared/cart/pending-cart';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import styles from './hold-note.module.css';

/** What is left of the hold, by the browser's clock from when the cart was answered. */
function useHoldLeft(secondsLeft: number): number {
  const { dataUpdatedAt } = useCart();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const answered = secondsLeft * 1000;
  const left = hydrated ? Math.max(0, answered - Math.max(0, now - dataUpdatedAt)) : answered;
  const running = hydrated && left > 0;
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running, dataUpdatedAt]);
  return left;
}

export function HoldNote({ line }: { line: CartViewLine }) {
  if (line.gone || line.pending || line.held_until === null || line.hold_seconds_left === null) return null;
  return <Countdown line={line} secondsLeft={line.hold_seconds_left} />;
}

function Countdown({ line, secondsLeft }: { line: CartViewLine; secondsLeft: number }) {
  const left = useHoldLeft(secondsLeft);
  const hydrated = useHydrated();
  const holdAgain = useCartWrite('hold-again');
  const stage = holdStage(left);
  const ended = stage === 'ended';
  const again = () =>
    holdAgain.mutate(
      { body: { id: line.id }, idempotencyKey: newIdempotencyKey() },
      { onSuccess: (answer) => toast.success(answer.msg), onError: (error) => toast.error(cartErrorText(error)) },
    );
  return (
    <span className={styles.hold} data-ended={ended || undefined}>
      <span className={styles.text}>{holdText(left)}</span>
      {ended ? (
        <button type="button" className={styles.again} onClick={again} disabled={!hydrated || holdAgain.isPending} aria-label={`Hold ${line.name} again`}>
          {holdAgain.isPending ? 'Holding…' : 'Hold again'}
        </button>
      ) : null}
      <span role="status" className="visually-hidden">
        {holdAnnouncement(stage, line.name)}
      </span>
    </span>
  );
}
