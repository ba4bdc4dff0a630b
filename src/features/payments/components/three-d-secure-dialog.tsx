/**
 * The sandbox bank's 3-D Secure challenge (issue 14): what Stripe.js shows in its own frame when a
 * card asks the cardholder to confirm, here as the shop's modal dialog (focus trapped, Escape
 * closes). Closing it without an answer fails the authentication, as abandoning the bank's page does.
 */
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import type { ChallengeAnswer } from './payment-flow';
import styles from './payment-panel.module.css';

export function ThreeDSecureDialog({ open, onAnswer }: { open: boolean; onAnswer: (answer: ChallengeAnswer) => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onAnswer('fail'))}>
      <DialogContent
        title="3D Secure authentication"
        description="Your card issuer asks you to confirm this payment. This is the shop's test bank: choose how the authentication ends."
        closeLabel="Close and cancel the authentication"
      >
        <p className={styles.sandboxNote}>Test mode: no real bank is contacted and no money moves.</p>
        <div className={styles.dialogActions}>
          <Button variant="primary" block onClick={() => onAnswer('complete')}>
            Complete authentication
          </Button>
          <Button variant="secondary" block onClick={() => onAnswer('fail')}>
            Fail authentication
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
