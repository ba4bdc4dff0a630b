/**
 * A paid order line's warranty claims (issue 32): the latest claim of the line, where it stands
 * (its status, how it was settled: the refund or the replacement order), what we wrote to the
 * member (a question, the reason of a rejection) and, while we wait for an answer, the form to
 * give it. 'Make a warranty claim' only while the line may be claimed (claimRefusal: the warranty
 * in force, no claim of it being decided, none that settled it); once the warranty has ended, the
 * day it ended instead.
 */
import { useState, type FormEvent } from 'react';
import type { OrderListOrder } from '../../../contract/orders';
import type { WarrantyClaim } from '../../../contract/warranty-claims';
import { formatLongDate } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import { claimRefusal } from '../../../domain/warranty-claims';
import { isApiError } from '../../../shared/api/api-error';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useReplyToClaim } from '../api/warranty-claims';
import { StatusBadge } from './status-badge';
import accountStyles from './account.module.css';
import styles from './review-panel.module.css';

const COLOURS: Record<WarrantyClaim['status'], string> = {
  submitted: 'rgba(13, 110, 253, 1)',
  information_requested: 'rgba(255, 153, 0, 1)',
  approved: 'rgba(25, 135, 84, 1)',
  rejected: 'rgba(220, 53, 69, 1)',
  closed: 'rgba(108, 117, 125, 1)',
};

const placed = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

function Reply({ claim }: { claim: WarrantyClaim }) {
  const reply = useReplyToClaim();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    reply.mutate(
      { id: claim.id, message },
      {
        onError: (failure) => setError(isApiError(failure) ? (failure.errors.message?.[0] ?? failure.msg) : 'Something went wrong. Please try again.'),
        onSuccess: () => setMessage(''),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <Field label="Your answer" error={error}>
        {(control) => <textarea {...control} name="message" rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />}
      </Field>
      <Button type="submit" aria-busy={reply.isPending}>
        Send answer
      </Button>
    </form>
  );
}

interface ClaimPanelProps {
  /** The line's claims, newest first. */
  claims: readonly WarrantyClaim[];
  /** The line's warranty as the order list gives it; absent when the line cannot be claimed at all (a refunded order). */
  warranty: OrderListOrder['order_products'][number]['warranty'];
  lineName: string;
  onClaim: () => void;
}

export function ClaimPanel({ claims, warranty, lineName, onClaim }: ClaimPanelProps) {
  const hydrated = useHydrated();
  const claim = claims[0];
  const refusal = warranty ? claimRefusal(warranty.in_warranty, claims) : null;
  return (
    <div>
      {claim ? (
        <div className={styles.standing} role="status">
          <p>
            <strong>Warranty claim {claim.reference}</strong> <StatusBadge name={claim.status_label} colour={COLOURS[claim.status]} />
          </p>
          {claim.settlement_label ? (
            <p>
              {claim.settlement_label}
              {claim.refunded !== null ? `: ${formatMoney(claim.refunded)} refunded` : ''}
              {claim.replacement_order_number ? `: order ${claim.replacement_order_number}` : ''}
            </p>
          ) : null}
          {claim.history
            .filter((step) => step.by === 'us' && step.message !== '')
            .map((step) => (
              <p key={step.at}>
                Our message of {placed.format(new Date(step.at))}: {step.message}
              </p>
            ))}
          {claim.status === 'information_requested' ? <Reply claim={claim} /> : null}
        </div>
      ) : null}
      {warranty && !refusal ? (
        <Button variant="secondary" disabled={!hydrated} onClick={onClaim} aria-label={`Make a warranty claim: ${lineName}`}>
          Make a warranty claim
        </Button>
      ) : null}
      {warranty && refusal?.why === 'ended' ? <p className={accountStyles.muted}>Warranty ended on {formatLongDate(new Date(warranty.ends_at))}</p> : null}
    </div>
  );
}
