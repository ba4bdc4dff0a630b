/**
 * /admin/returns/$id: a return's part and order, the customer's answers and photos, and the steps
 * open to it: approve (with the return instructions and a label or address), reject (with the
 * reason the customer reads), mark in transit, mark delivered, refund through the payment provider.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { AdminReturn } from '../../../contract/admin-sales';
import { returnStatus } from '../../../domain/orders';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, formatDateTime, formatMoney, Notice, PageHeading, TextAreaField, TextField, useToast } from '../../ui';
import { returnQuery, useReturnStep } from './api';
import { ReturnStatusBadge } from './status';
import styles from './returns.module.css';

/** A status as the customer reads it ('Approved & Awaiting Shipment'). */
const labelOf = (status: string) => returnStatus(status)?.label ?? status;

const newKey = () => `rf-${crypto.randomUUID().replaceAll('-', '')}`;
const text = (form: FormData, name: string) => String(form.get(name) ?? '');

function ApproveForm({ ret }: { ret: AdminReturn }) {
  const step = useReturnStep(ret.id);
  const notify = useToast();
  const fields = fieldErrorsOf(step.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    step.mutate({ kind: 'approve', instructions: text(form, 'instructions'), label_or_address: text(form, 'label_or_address') }, { onSuccess: (answer) => notify(answer.msg, 'success') });
  };
  return (
    <form onSubmit={submit} aria-labelledby="approve-heading" noValidate>
      <h2 id="approve-heading">Approve</h2>
      <TextAreaField label="Return instructions" name="instructions" rows={4} error={fields.instructions} required hint="How to pack and send the part back, and by when." />
      <TextAreaField label="Label or return address" name="label_or_address" rows={3} error={fields.label_or_address} required hint="The prepaid label's link, or the address to send it to." />
      {step.error && Object.keys(fields).length === 0 ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
      <Button type="submit" busy={step.isPending}>
        Approve return
      </Button>
    </form>
  );
}

function RejectForm({ ret }: { ret: AdminReturn }) {
  const step = useReturnStep(ret.id);
  const notify = useToast();
  const fields = fieldErrorsOf(step.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    step.mutate({ kind: 'reject', reason: text(new FormData(event.currentTarget), 'reason') }, { onSuccess: (answer) => notify(answer.msg, 'success') });
  };
  return (
    <form onSubmit={submit} aria-labelledby="reject-heading" noValidate>
      <h2 id="reject-heading">Reject</h2>
      <TextAreaField label="Reason" name="reason" rows={3} error={fields.reason} required hint="The customer reads this." />
      {step.error && Object.keys(fields).length === 0 ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
      <Button type="submit" variant="danger" busy={step.isPending}>
        Reject return
      </Button>
    </form>
  );
}

function RefundForm({ ret }: { ret: AdminReturn }) {
  const step = useReturnStep(ret.id);
  const notify = useToast();
  const [key, setKey] = useState(newKey);
  const [amount, setAmount] = useState((ret.refund_amount / 100).toFixed(2));
  const fields = fieldErrorsOf(step.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = Math.round(Number(amount.replace(/[£,\s]/g, '')) * 100);
    step.mutate({ kind: 'refund', amount: Number.isFinite(pence) ? pence : 0, idempotency_key: key }, { onSuccess: (answer) => notify(answer.msg, 'success') });
  };
  return (
    <form onSubmit={submit} aria-labelledby="refund-heading" noValidate>
      <h2 id="refund-heading">Refund</h2>
      <p>The part is back and inspected: refund it the way the customer paid.</p>
      <TextField
        label="Amount (£)"
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setKey(newKey());
        }}
        error={fields.amount}
        className={styles.amount}
        required
      />
      {step.error && !fields.amount ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
      <Button type="submit" busy={step.isPending}>
        Refund return
      </Button>
    </form>
  );
}

function MoveButton({ ret, kind, label }: { ret: AdminReturn; kind: 'in_transit' | 'delivered'; label: string }) {
  const step = useReturnStep(ret.id);
  const notify = useToast();
  return (
    <div>
      <Button busy={step.isPending} onClick={() => step.mutate({ kind }, { onSuccess: (answer) => notify(answer.msg, 'success') })}>
        {label}
      </Button>
      {step.error ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
    </div>
  );
}

export function ReturnScreen({ id }: { id: number }) {
  const { data } = useSuspenseQuery(returnQuery(id));
  const ret = data.return;
  const next = new Set(ret.next_steps);
  return (
    <>
      <p className={styles.back}>
        <Link to="/returns">All returns</Link>
      </p>
      <PageHeading title={`Return ${ret.id}: ${ret.part_name}`} description={<ReturnStatusBadge status={ret.status} label={ret.status_label} />} />

      <section className={styles.panel} aria-labelledby="facts-heading">
        <h2 id="facts-heading">The return</h2>
        <dl className={styles.facts}>
          <dt>Order</dt>
          <dd>
            <Link to="/orders/$number" params={{ number: ret.order_number }}>
              {ret.order_number}
            </Link>{' '}
            ({ret.order_status.name})
          </dd>
          <dt>Part</dt>
          <dd>
            {ret.line.name} ({ret.line.tag}), {formatMoney(ret.line.gross_value)}, {ret.line.warranty_name}
          </dd>
          <dt>Customer</dt>
          <dd>
            {ret.customer} ({ret.email})
          </dd>
          <dt>Reason</dt>
          <dd>{ret.reason}</dd>
          <dt>Asked</dt>
          <dd>{formatDateTime(ret.created)}</dd>
          {ret.answers.map((answer) => (
            <div key={answer.name} style={{ display: 'contents' }}>
              <dt>{answer.label}</dt>
              <dd>{answer.value}</dd>
            </div>
          ))}
          {ret.instructions ? (
            <>
              <dt>Instructions sent</dt>
              <dd>{ret.instructions}</dd>
              <dt>Label or address</dt>
              <dd>{ret.label_or_address}</dd>
            </>
          ) : null}
          {ret.rejection_reason ? (
            <>
              <dt>Rejected because</dt>
              <dd>{ret.rejection_reason}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section className={styles.panel} aria-labelledby="photos-heading">
        <h2 id="photos-heading">Photos</h2>
        {ret.photos.length === 0 ? (
          <p>No photos were sent.</p>
        ) : (
          <ul className={styles.photos}>
            {ret.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={`/web-api/admin/returns/${ret.id}/photos/${photo.id}`} target="_blank" rel="noreferrer">
                  <img src={`/web-api/admin/returns/${ret.id}/photos/${photo.id}`} alt={`Photo ${index + 1} of ${ret.photos.length} sent with the return`} width={photo.width} height={photo.height} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      {ret.next_steps.length > 0 ? (
        <section className={styles.panel} aria-labelledby="next-heading">
          <h2 id="next-heading" className="bo-visually-hidden">
            Next step
          </h2>
          <div className={styles.forms}>
            {next.has('approve') ? <ApproveForm ret={ret} /> : null}
            {next.has('in_transit') ? <MoveButton ret={ret} kind="in_transit" label="Mark in transit" /> : null}
            {next.has('delivered') ? <MoveButton ret={ret} kind="delivered" label="Mark delivered" /> : null}
            {next.has('refund') ? <RefundForm ret={ret} /> : null}
            {next.has('reject') ? <RejectForm ret={ret} /> : null}
          </div>
        </section>
      ) : null}

      <section className={styles.panel} aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        {ret.history.length === 0 ? (
          <p>Waiting for review.</p>
        ) : (
          <ol>
            {ret.history.map((step) => (
              <li key={`${step.at}-${step.to}`}>
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>: {labelOf(step.from)} → {labelOf(step.to)}
                {step.staff_name ? `, by ${step.staff_name}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
