/**
 * Stripe's Payment Element (@stripe/react-stripe-js), used when the shop has Stripe keys: cards,
 * and Google Pay and Apple Pay where the browser offers them (the intent's automatic payment
 * methods). Loaded only by the payment panel, as its own chunk; Stripe.js itself is fetched from
 * Stripe by loadStripe. The intent is made when the form shows (Elements needs its client secret)
 * and made again when a member changes 'save this card', which the intent must know. Confirming
 * runs 3-D Secure in Stripe's own frame; a redirect-based method comes back to the pay-now page,
 * which asks the shop to confirm it (see PaymentPanel's `returnedIntent`).
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { payNowPath } from '../../../contract/payments';
import { cardConfirmOutcome, cardErrorMessage } from '../../../domain/payments';
import { t } from '../../../domain/messages';
import { Button } from '../../../shared/ui/button';
import { InlinePending } from '../../../shared/ui/page-pending';
import { errorText, type PaymentFlow } from './payment-flow';
import { stripeFor } from './stripe-instance';
import styles from './payment-panel.module.css';
import '../../../domain/messages-more';

interface StripeCardProps {
  flow: PaymentFlow;
  publishableKey: string;
  offerSave: boolean;
  payLabel: string;
}

export default function StripeCard({ flow, publishableKey, offerSave, payLabel }: StripeCardProps) {
  const [saveCard, setSaveCard] = useState(false);
  const [intent, setIntent] = useState<{ cs: string; cs_session: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { calls, hash } = flow;

  useEffect(() => {
    let current = true;
    setIntent(null);
    setFailure(null);
    calls
      .createIntent({ order_id: hash, ...(saveCard ? { save_card: true } : {}) })
      .then((data) => current && setIntent({ cs: data.cs, cs_session: data.cs_session }))
      .catch((error: unknown) => {
        // SPEC §8: a payment intent that could not be made is a popup with the server's msg.
        const message = errorText(error, t('payment.unsuccessful'));
        if (current) setFailure(message);
        toast.error(message);
      });
    return () => {
      current = false;
    };
  }, [calls, hash, saveCard]);

  return (
    <div className={styles.cardForm}>
      {failure ? <p className={styles.alert}>{failure}</p> : null}
      {intent ? (
        <Elements key={intent.cs} stripe={stripeFor(publishableKey)} options={{ clientSecret: intent.cs, appearance: { theme: 'stripe', variables: { colorPrimary: '#0b5075', fontSizeBase: '16px' } } }}>
          <PaymentForm flow={flow} paymentIntent={intent.cs_session} payLabel={payLabel} />
        </Elements>
      ) : failure ? null : (
        <InlinePending>Loading the card form…</InlinePending>
      )}
      {offerSave ? (
        <label className={styles.check}>
          <input type="checkbox" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} disabled={flow.busy} />
          {t('payment.save_card')}
        </label>
      ) : null}
    </div>
  );
}

function PaymentForm({ flow, paymentIntent, payLabel }: { flow: PaymentFlow; paymentIntent: string; payLabel: string }) {
  const stripe = useStripe();
  const elements = useElements();

  const pay = async () => {
    if (!stripe || !elements || !flow.begin()) return;
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: new URL(payNowPath(flow.hash), window.location.origin).toString() },
      });
      if (result.error) {
        // Card errors and validation errors are the person's to fix: Stripe's message, form kept.
        if (result.error.type === 'card_error' || result.error.type === 'validation_error') {
          flow.finish({ kind: 'failed', message: cardErrorMessage(result.error.message) });
          return;
        }
      }
      // Whatever Stripe said, the shop asks Stripe for the intent's state and records it once.
      const confirmed = await flow.calls.confirmCard(flow.hash, paymentIntent);
      const outcome = cardConfirmOutcome(confirmed);
      flow.finish(outcome.kind === 'failed' && !confirmed.msg ? { kind: 'failed', message: cardErrorMessage(result.error?.message) } : outcome);
    } catch (error) {
      flow.finish({ kind: 'failed', message: cardErrorMessage(errorText(error, '')) });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
      aria-label="Pay by card"
      className={styles.cardForm}
    >
      <PaymentElement options={{ layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } }} />
      <Button type="submit" variant="primary" block disabled={!stripe || !elements} aria-disabled={flow.busy}>
        {flow.busy ? t('payment.paying') : payLabel}
      </Button>
    </form>
  );
}
