/**
 * The shop's own PayPal stand-in for the embedded sandbox (no PayPal keys): a PayPal-yellow button
 * that creates the PayPal order, then a dialog in place of PayPal's popup where the test buyer
 * approves, approves with a card PayPal then declines, or cancels (closing is cancelling, as
 * closing PayPal's popup is). The capture's answer is read by SPEC §5's rules, the same as with
 * PayPal's own buttons.
 */
import { useState } from 'react';
import { paypalCaptureOutcome, paypalOrderId } from '../../../domain/payments';
import { t } from '../../../domain/messages';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import { errorText, type PaymentFlow } from './payment-flow';
import styles from './payment-panel.module.css';
import '../../../domain/messages-more';

export function SandboxPaypal({ flow, amount }: { flow: PaymentFlow; amount: string }) {
  const hydrated = useHydrated();
  const [paypalOrder, setPaypalOrder] = useState<string | null>(null);
  const [approving, setApproving] = useState(false);

  const start = async () => {
    if (!flow.begin()) return;
    let answer: unknown;
    try {
      answer = await flow.calls.createPaypalOrder(flow.hash);
    } catch (error) {
      answer = { msg: errorText(error, '') };
    }
    const created = paypalOrderId(answer);
    if ('message' in created) {
      flow.finish({ kind: 'failed', message: created.message });
      return;
    }
    setPaypalOrder(created.id);
  };

  const cancel = () => {
    if (approving) return;
    setPaypalOrder(null);
    flow.finish({ kind: 'warning', message: t('payment.cancelled') });
  };

  const approve = async (choice: 'approve' | 'instrument_declined') => {
    if (!paypalOrder || approving) return;
    setApproving(true);
    try {
      await flow.calls.sandboxApprovePaypal(paypalOrder, choice);
      const outcome = paypalCaptureOutcome(await flow.calls.capturePaypal(paypalOrder));
      setPaypalOrder(null);
      // INSTRUMENT_DECLINED: PayPal's buttons start again for another way to pay.
      flow.finish(outcome.kind === 'restart' ? { kind: 'warning', message: t('payment.paypal_restart') } : outcome);
    } catch (error) {
      setPaypalOrder(null);
      flow.finish({ kind: 'failed', message: t('payment.paypal_capture_failed', { error: errorText(error, t('global.error')) }) });
    } finally {
      setApproving(false);
    }
  };

  return (
    <div className={styles.paypal}>
      <button type="button" className={styles.paypalButton} onClick={() => void start()} disabled={!hydrated} aria-disabled={flow.busy}>
        Pay with <span className={styles.paypalWord}>PayPal</span>
      </button>
      <p className={styles.sandboxNote}>PayPal sandbox: a test stand-in for PayPal, no PayPal account needed.</p>
      <Dialog open={paypalOrder !== null} onOpenChange={(open) => (open ? undefined : cancel())}>
        <DialogContent
          title="PayPal (sandbox)"
          description={`You are paying ${amount} to PartsFinder UK. In PayPal's own window you would sign in and choose how to pay.`}
          closeLabel="Close and cancel the payment"
        >
          <div className={styles.dialogActions}>
            <Button variant="primary" block onClick={() => void approve('approve')} aria-disabled={approving}>
              Approve payment
            </Button>
            <Button variant="secondary" block onClick={() => void approve('instrument_declined')} aria-disabled={approving}>
              Pay with a card PayPal declines
            </Button>
            <Button variant="quiet" block onClick={cancel} aria-disabled={approving}>
              Cancel
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
