/**
 * The payment methods the shop takes (SPEC §2 payment icons), following the payment flags (SPEC
 * §6): cards, Apple Pay and Google Pay through the card provider, and PayPal. Drawn inline, so no
 * image is downloaded for them.
 */
import type { FeatureFlags } from '../../../contract/app-props';
import styles from './part-page.module.css';

function Mark({ label, children, background, color }: { label: string; children: string; background: string; color: string }) {
  return (
    <li className={styles.payment} style={{ background, color }} title={label}>
      <span aria-hidden="true">{children}</span>
      <span className="visually-hidden">{label}</span>
    </li>
  );
}

export function PaymentIcons({ flags }: { flags: FeatureFlags }) {
  const cards = flags['payments.stripe'] === 1;
  const paypal = flags['payments.paypal'] === 1;
  if (!cards && !paypal) return null;
  return (
    <div className={styles.payments}>
      <p className={styles.paymentsLabel}>Secure payment</p>
      <ul className={styles.paymentList} role="list" aria-label="Payment methods we accept">
        {cards ? (
          <>
            <Mark label="Visa" background="#1a1f71" color="#ffffff">
              VISA
            </Mark>
            <Mark label="Mastercard" background="#231f20" color="#ffffff">
              Mastercard
            </Mark>
            <Mark label="Apple Pay" background="#000000" color="#ffffff">
              Apple Pay
            </Mark>
            <Mark label="Google Pay" background="#ffffff" color="#3c4043">
              G Pay
            </Mark>
          </>
        ) : null}
        {paypal ? (
          <Mark label="PayPal" background="#ffc439" color="#003087">
            PayPal
          </Mark>
        ) : null}
      </ul>
    </div>
  );
}
