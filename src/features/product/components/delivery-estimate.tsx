/**
 * Estimated delivery and the countdown to the 15:00 dispatch cutoff (SPEC §2, §9), both from
 * src/domain/delivery on the visitor's clock (src/shared/clock.ts), the countdown ticking every second.
 */
import { countdown, estimateDeliveryDate, formatDeliveryDate } from '../../../domain/delivery';
import { useNow } from '../../../shared/clock';
import styles from './part-page.module.css';

const two = (n: number) => String(n).padStart(2, '0');

export function DeliveryEstimate() {
  const now = useNow(1000);
  const left = countdown(now);
  const date = formatDeliveryDate(estimateDeliveryDate(now));
  const spoken = [left.days ? `${left.days} days` : '', `${left.hours} hours`, `${left.minutes} minutes`].filter(Boolean).join(' ');
  return (
    <div className={styles.delivery}>
      <svg className={styles.deliveryIcon} viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
        <path d="M2 6h11v10H2zM13 9h4.5l3.5 3.5V16h-8z" />
        <circle cx="6" cy="17.5" r="1.8" fill="currentColor" />
        <circle cx="17" cy="17.5" r="1.8" fill="currentColor" />
      </svg>
      <div>
        <p>
          Estimated delivery:{' '}
          <strong data-testid="delivery-date">
            {date}
          </strong>
        </p>
        <p className={styles.countdown}>
          Order within{' '}
          {/* A timer is not announced on every tick; the label gives the time left in words. */}
          <span role="timer" aria-label={spoken} data-testid="countdown" className={styles.timer}>
            {left.days ? `${left.days}d ` : ''}
            {two(left.hours)}h {two(left.minutes)}m {two(left.seconds)}s
          </span>
        </p>
      </div>
    </div>
  );
}
