/**
 * The progress bar of the 3-step checkout (SPEC §2, §4: cart, addresses, summary). Steps already
 * done link back; the current one is marked for screen readers with aria-current="step".
 */
import { Link } from '@tanstack/react-router';
import styles from './checkout-progress.module.css';

export type CheckoutStep = 'cart' | 'addresses' | 'summary';

const STEPS: readonly { step: CheckoutStep; label: string; to: '/cart' | '/checkout/addresses' | '/checkout/summary' }[] = [
  { step: 'cart', label: 'Cart', to: '/cart' },
  { step: 'addresses', label: 'Addresses', to: '/checkout/addresses' },
  { step: 'summary', label: 'Summary', to: '/checkout/summary' },
];

export function CheckoutProgress({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.findIndex((entry) => entry.step === current);
  return (
    <nav aria-label="Checkout progress" className={styles.nav}>
      <p className={styles.caption}>
        Step {currentIndex + 1} of {STEPS.length}
      </p>
      <ol className={styles.steps}>
        {STEPS.map((entry, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next';
          return (
            <li key={entry.step} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.marker} aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              {state === 'done' ? (
                <Link to={entry.to} className={styles.label}>
                  {entry.label}
                  <span className="visually-hidden"> (done)</span>
                </Link>
              ) : (
                <span className={styles.label}>{entry.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
