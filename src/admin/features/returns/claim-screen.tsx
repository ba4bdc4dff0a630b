/**
 * /admin/warranty-claims/$id: a warranty claim's line, its certificate and the vehicle it was
 * bought for, what the customer says is wrong, when and where it was fitted, the evidence (photos
 * and the garage's invoice, each downloadable) and the steps open to it: ask for information,
 * approve (a refund or a labour contribution through the payment provider, or a replacement part
 * sent at no cost), reject with the reason, close. The customer is mailed and pushed each step.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { AdminClaim } from '../../../contract/warranty-claims';
import { CLAIM_SETTLEMENT_LABELS, CLAIM_SETTLEMENTS, CLAIM_STATUS_LABELS, type ClaimSettlement } from '../../../domain/warranty-claims';
import { formatNumber } from '../../../domain/text';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, formatDateTime, formatMoney, Notice, PageHeading, SelectField, TextAreaField, TextField, useToast } from '../../ui';
import { type ClaimChange, claimFileUrl, claimQuery, useClaimStep } from './claims-api';
import { ClaimStatusBadge } from './status';
import styles from './returns.module.css';

const newKey = () => `wc-${crypto.randomUUID().replaceAll('-', '')}`;
const pence = (pounds: string) => {
  const value = Math.round(Number(pounds.replace(/[£,\s]/g, '')) * 100);
  return Number.isFinite(value) ? value : 0;
};

/** A step with one message the customer reads: asking for information or rejecting. */
function MessageStep({ claim, kind, title, label, hint, button }: { claim: AdminClaim; kind: 'request_information' | 'reject'; title: string; label: string; hint: string; button: string }) {
  const step = useClaimStep(claim.id);
  const notify = useToast();
  const errors = fieldErrorsOf(step.error);
  const name = kind === 'reject' ? 'reason' : 'message';
  const headingId = `${kind}-heading`;
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const said = String(new FormData(event.currentTarget).get(name) ?? '');
    const change: ClaimChange = kind === 'reject' ? { kind, reason: said } : { kind, message: said };
    step.mutate(change, { onSuccess: (answer) => notify(answer.msg, 'success') });
  };
  return (
    <form onSubmit={send} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>{title}</h2>
      <TextAreaField label={label} name={name} rows={3} error={errors[name]} required hint={hint} />
      {step.error && !errors[name] ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
      <Button type="submit" variant={kind === 'reject' ? 'danger' : 'primary'} busy={step.isPending}>
        {button}
      </Button>
    </form>
  );
}

function ApproveStep({ claim }: { claim: AdminClaim }) {
  const step = useClaimStep(claim.id);
  const notify = useToast();
  const [settlement, setSettlement] = useState<ClaimSettlement>('refund');
  const [amount, setAmount] = useState((claim.refundable / 100).toFixed(2));
  const [key, setKey] = useState(newKey);
  const errors = fieldErrorsOf(step.error);
  const money = settlement !== 'replacement';
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const message = String(form.get('message') ?? '');
    const change: ClaimChange = money
      ? { kind: 'approve', settlement, amount: pence(amount), idempotency_key: key, message }
      : { kind: 'approve', settlement, replacement_tag: String(form.get('replacement_tag') ?? '').trim(), message };
    step.mutate(change, { onSuccess: (answer) => notify(answer.msg, 'success') });
  };
  return (
    <form onSubmit={send} aria-labelledby="approve-heading" noValidate>
      <h2 id="approve-heading">Approve</h2>
      <SelectField
        label="Settle it with"
        name="settlement"
        value={settlement}
        onChange={(event) => setSettlement(event.target.value as ClaimSettlement)}
        options={CLAIM_SETTLEMENTS.map((each) => ({ value: each, label: CLAIM_SETTLEMENT_LABELS[each] }))}
        error={errors.settlement}
      />
      {money ? (
        <TextField
          label="Amount to refund (£)"
          name="amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setKey(newKey());
          }}
          hint={settlement === 'labour' ? `At most ${formatMoney(claim.labour_cap)} towards the fitting.` : `At most ${formatMoney(claim.refundable)}: the part's price, less refunds made.`}
          error={errors.amount}
          className={styles.amount}
          required
        />
      ) : (
        <TextField label="Replacement part's reference" name="replacement_tag" hint="A part on sale; it is sent as an order at no cost." error={errors.replacement_tag} required />
      )}
      <TextAreaField label="Note for the customer (optional)" name="message" rows={2} error={errors.message} />
      {step.error && Object.keys(errors).length === 0 ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
      <Button type="submit" busy={step.isPending}>
        Approve claim
      </Button>
    </form>
  );
}

function CloseStep({ claim }: { claim: AdminClaim }) {
  const step = useClaimStep(claim.id);
  const notify = useToast();
  return (
    <div>
      <Button variant="secondary" busy={step.isPending} onClick={() => step.mutate({ kind: 'close' }, { onSuccess: (answer) => notify(answer.msg, 'success') })}>
        Close claim
      </Button>
      {step.error ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
    </div>
  );
}

function Evidence({ claim }: { claim: AdminClaim }) {
  const photos = claim.files.filter((file) => file.field === 'photos');
  const invoice = claim.files.find((file) => file.field === 'invoice');
  return (
    <section className={styles.panel} aria-labelledby="evidence-heading">
      <h2 id="evidence-heading">Evidence</h2>
      <p>
        {invoice ? (
          <a href={claimFileUrl(claim.id, invoice.id)} download={invoice.filename}>
            Download the garage&apos;s invoice ({invoice.filename})
          </a>
        ) : (
          'No invoice was sent.'
        )}
      </p>
      <ul className={styles.photos}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a href={claimFileUrl(claim.id, photo.id)} download={photo.filename}>
              <img src={claimFileUrl(claim.id, photo.id)} alt={`Photo ${index + 1} of ${photos.length} sent with the claim`} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ClaimScreen({ id }: { id: number }) {
  const { data } = useSuspenseQuery(claimQuery(id));
  const { claim } = data;
  const next = new Set(claim.next_steps);
  const vehicle = claim.vehicle;
  return (
    <>
      <p className={styles.back}>
        <Link to="/warranty-claims">All warranty claims</Link>
      </p>
      <PageHeading title={`Warranty claim ${claim.reference}: ${claim.part_name}`} description={<ClaimStatusBadge status={claim.status} label={claim.status_label} />} />
      <section className={styles.panel} aria-labelledby="claim-heading">
        <h2 id="claim-heading">The claim</h2>
        <dl className={styles.facts}>
          <dt>Order</dt>
          <dd>
            <Link to="/orders/$number" params={{ number: claim.order_number }}>
              {claim.order_number}
            </Link>
          </dd>
          <dt>Part</dt>
          <dd>
            {claim.line.name} ({claim.line.tag}), {formatMoney(claim.line.gross_value)}, {claim.line.warranty_name}
          </dd>
          <dt>Certificate</dt>
          <dd>
            <a href={claim.certificate.check_url}>{claim.certificate.number}</a>, valid {formatDateTime(claim.certificate.valid_from)} to {formatDateTime(claim.certificate.valid_until)}
          </dd>
          <dt>Bought for</dt>
          <dd>{vehicle ? `${vehicle.label}${vehicle.vrn ? ` (${vehicle.vrn})` : ''}` : 'No vehicle was given with the order'}</dd>
          <dt>Customer</dt>
          <dd>
            {claim.customer} ({claim.email})
          </dd>
          <dt>What is wrong</dt>
          <dd>{claim.reason}</dd>
          {claim.answers.map((answer) => (
            <div key={answer.name} style={{ display: 'contents' }}>
              <dt>{answer.label}</dt>
              <dd>{answer.value}</dd>
            </div>
          ))}
          <dt>Fitted</dt>
          <dd>
            {claim.fitted_on} by {claim.garage_name}, at {formatNumber(claim.mileage)} miles
          </dd>
          {claim.settlement ? (
            <>
              <dt>Settled with</dt>
              <dd>
                {CLAIM_SETTLEMENT_LABELS[claim.settlement]}
                {claim.settlement_amount !== null ? `: ${formatMoney(claim.settlement_amount)} refunded` : ''}
                {claim.replacement_order_number ? `: order ${claim.replacement_order_number}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <Evidence claim={claim} />
      {next.size > 0 ? (
        <section className={styles.panel} aria-label="Next step">
          <div className={styles.forms}>
            {next.has('approve') ? <ApproveStep claim={claim} /> : null}
            {next.has('request_information') ? <MessageStep claim={claim} kind="request_information" title="Ask the customer" label="Your question" hint="The customer reads this and answers from their account." button="Ask for information" /> : null}
            {next.has('reject') ? <MessageStep claim={claim} kind="reject" title="Reject" label="Reason" hint="The customer reads this." button="Reject claim" /> : null}
            {next.has('close') ? <CloseStep claim={claim} /> : null}
          </div>
        </section>
      ) : null}
      <section className={styles.panel} aria-labelledby="claim-history-heading">
        <h2 id="claim-history-heading">History</h2>
        <ol>
          {claim.history.map((step) => (
            <li key={`${step.at}-${step.to}`}>
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>: {step.from ? `${CLAIM_STATUS_LABELS[step.from as keyof typeof CLAIM_STATUS_LABELS]} → ` : ''}
              {CLAIM_STATUS_LABELS[step.to as keyof typeof CLAIM_STATUS_LABELS]}
              {step.staff_name ? `, by ${step.staff_name}` : ''}
              {step.message ? `: ${step.message}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
