/**
 * /admin/orders/$number: an order's lines (with the vehicle each was bought for), payment and
 * refunds, addresses and history, and the next steps this role may take: picked, dispatched (with
 * carrier and tracking number), delivered, cancelled (unpaid only), refunds in full or in part.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { AdminOrder } from '../../../contract/admin-sales';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, ConfirmDialog, formatDateTime, formatMoney, Notice, PageHeading, TextField, useToast } from '../../ui';
import { orderQuery, useOrderStep, useRefund } from './api';
import { OrderStatus, PAYMENT_LABELS } from './order-status';
import styles from './orders.module.css';

type Address = AdminOrder['billing_address'];
const ADDRESS_LINES = ['company_name', 'address1', 'address2', 'address3', 'city', 'county', 'postcode', 'phone'] as const;

function AddressBlock({ title, address }: { title: string; address: Address }) {
  const name = [address.first_name, address.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const lines = ADDRESS_LINES.map((key) => address[key]).filter((line): line is string => typeof line === 'string' && line !== '');
  return (
    <section className={styles.panel} aria-labelledby={`address-${title}`}>
      <h2 id={`address-${title}`}>{title}</h2>
      <address className={styles.address}>
        {[name, ...lines].filter(Boolean).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </section>
  );
}

/** A new key for each refund the form makes: a retry of the same refund sends the same key. */
const newKey = () => `rf-${crypto.randomUUID().replaceAll('-', '')}`;

function RefundForm({ order }: { order: AdminOrder }) {
  const refund = useRefund(order.number);
  const notify = useToast();
  const [key, setKey] = useState(newKey);
  const [amount, setAmount] = useState((order.refundable / 100).toFixed(2));
  const fields = fieldErrorsOf(refund.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = Math.round(Number(amount.replace(/[£,\s]/g, '')) * 100);
    refund.mutate(
      { amount: Number.isFinite(pence) ? pence : 0, idempotency_key: key },
      {
        onSuccess: (answer) => {
          notify(answer.msg, 'success');
          setKey(newKey());
          setAmount((answer.order.refundable / 100).toFixed(2));
        },
      },
    );
  };
  return (
    <form className={styles.panel} onSubmit={submit} aria-labelledby="refund-heading" noValidate>
      <h2 id="refund-heading">Refund</h2>
      <p>Up to {formatMoney(order.refundable)} can be refunded, back the way the customer paid.</p>
      <TextField
        label="Amount (£)"
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          // A different amount is a different refund.
          setKey(newKey());
        }}
        error={fields.amount}
        className={styles.amount}
        required
      />
      {refund.error && !fields.amount ? <Notice tone="error">{messageOf(refund.error)}</Notice> : null}
      <Button type="submit" variant="danger" busy={refund.isPending}>
        Refund
      </Button>
    </form>
  );
}

function DispatchForm({ order }: { order: AdminOrder }) {
  const step = useOrderStep(order.number);
  const notify = useToast();
  const fields = fieldErrorsOf(step.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    step.mutate({ kind: 'dispatch', carrier: String(form.get('carrier') ?? ''), tracking_number: String(form.get('tracking_number') ?? '') }, { onSuccess: (answer) => notify(answer.msg, 'success') });
  };
  return (
    <form className={styles.panel} onSubmit={submit} aria-labelledby="dispatch-heading" noValidate>
      <h2 id="dispatch-heading">Dispatch</h2>
      <div className={styles.formRow}>
        <TextField label="Carrier" name="carrier" list="carriers" autoComplete="off" error={fields.carrier} required />
        <datalist id="carriers">
          {['Royal Mail', 'DPD', 'DHL', 'Evri', 'Parcelforce', 'UPS', 'Pallet network'].map((carrier) => (
            <option key={carrier} value={carrier} />
          ))}
        </datalist>
        <TextField label="Tracking number" name="tracking_number" autoComplete="off" error={fields.tracking_number} required />
      </div>
      {step.error && Object.keys(fields).length === 0 ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
      <Button type="submit" busy={step.isPending}>
        Mark dispatched
      </Button>
    </form>
  );
}

const STEP_LABELS = { pick: 'Mark picked', deliver: 'Mark delivered', cancel: 'Cancel order' } as const;

function Steps({ order }: { order: AdminOrder }) {
  const step = useOrderStep(order.number);
  const notify = useToast();
  const [cancelling, setCancelling] = useState(false);
  const simple = order.next_steps.filter((next): next is 'pick' | 'deliver' => next === 'pick' || next === 'deliver');
  if (order.next_steps.length === 0) return null;
  return (
    <div className={styles.actions}>
      {simple.map((next) => (
        <Button key={next} busy={step.isPending && step.variables.kind === next} onClick={() => step.mutate({ kind: next }, { onSuccess: (answer) => notify(answer.msg, 'success') })}>
          {STEP_LABELS[next]}
        </Button>
      ))}
      {order.next_steps.includes('cancel') ? (
        <>
          <Button variant="danger" onClick={() => setCancelling(true)}>
            {STEP_LABELS.cancel}
          </Button>
          <ConfirmDialog
            open={cancelling}
            title={`Cancel order ${order.number}?`}
            confirmLabel="Cancel the order"
            tone="danger"
            busy={step.isPending}
            error={step.error ? messageOf(step.error) : undefined}
            onConfirm={() =>
              step.mutate(
                { kind: 'cancel' },
                {
                  onSuccess: (answer) => {
                    setCancelling(false);
                    notify(answer.msg, 'success');
                  },
                },
              )
            }
            onCancel={() => setCancelling(false)}
          >
            It has not been paid. Its parts go back on sale at once and the customer is told.
          </ConfirmDialog>
        </>
      ) : null}
      {step.error && !cancelling && !order.next_steps.includes('dispatch') ? <Notice tone="error">{messageOf(step.error)}</Notice> : null}
    </div>
  );
}

export function OrderScreen({ number }: { number: string }) {
  const { data } = useSuspenseQuery(orderQuery(number));
  const { order } = data;
  return (
    <>
      <p className={styles.back}>
        <Link to="/orders">All orders</Link>
      </p>
      <PageHeading title={`Order ${order.number}`} description={<OrderStatus id={order.status.id} name={order.status.name} />} actions={<Steps order={order} />} />
      <dl className={styles.facts}>
        <div>
          <dt>Placed</dt>
          <dd>{formatDateTime(order.created)}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            {order.customer} ({order.email})
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{order.delivery_name}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(order.totals.total)}</dd>
        </div>
        {order.shipment ? (
          <div>
            <dt>Tracking</dt>
            <dd>
              {order.shipment.carrier}: {order.shipment.tracking_number}
            </dd>
          </div>
        ) : null}
      </dl>

      {order.next_steps.includes('dispatch') ? <DispatchForm order={order} /> : null}

      <section className={styles.panel} aria-labelledby="lines-heading">
        <h2 id="lines-heading">Parts</h2>
        <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Tag</th>
              <th scope="col">Bought for</th>
              <th scope="col">Warranty</th>
              <th scope="col">Return</th>
              <th scope="col" className={styles.end}>
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.name}</td>
                <td>{line.tag}</td>
                <td>{line.vehicle ? `${line.vehicle.label}${line.vehicle.vrn ? ` (${line.vehicle.vrn})` : ''}` : '—'}</td>
                <td>{line.warranty_name}</td>
                <td>
                  {line.return ? (
                    <Link to="/returns/$id" params={{ id: String(line.return.id) }}>
                      {line.return.status}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={styles.end}>{formatMoney(line.gross_value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </section>

      <div className={styles.columns}>
        <AddressBlock title="Billing address" address={order.billing_address} />
        <AddressBlock title="Delivery address" address={order.delivery_address} />
      </div>

      <section className={styles.panel} aria-labelledby="payment-heading">
        <h2 id="payment-heading">Payment</h2>
        {order.payment ? (
          <dl className={styles.facts}>
            <div>
              <dt>Paid</dt>
              <dd>
                {formatMoney(order.payment.amount)} by {PAYMENT_LABELS[order.payment.method] ?? order.payment.method}, {formatDateTime(order.payment.paid_at)}
              </dd>
            </div>
            <div>
              <dt>Reference</dt>
              <dd>{order.payment.reference}</dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>{formatMoney(order.payment.refunded)}</dd>
            </div>
          </dl>
        ) : (
          <p>Not paid.</p>
        )}
        {order.refunds.length > 0 ? (
          <div className="bo-table-wrap">
          <table className="bo-table">
            <caption>Refunds</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">By</th>
                <th scope="col">Reference</th>
                <th scope="col" className={styles.end}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {order.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td>{formatDateTime(refund.at)}</td>
                  <td>{refund.staff_name ?? '—'}</td>
                  <td>{refund.state === 'pending' ? 'Being made' : (refund.reference ?? '—')}</td>
                  <td className={styles.end}>{formatMoney(refund.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        ) : null}
      </section>

      {order.refundable > 0 ? <RefundForm key={order.refundable} order={order} /> : null}

      <section className={styles.panel} aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <ol className={styles.history}>
          {/* The order's first step: placed by the customer at checkout. */}
          <li>
            <time dateTime={order.created}>{formatDateTime(order.created)}</time>: placed by the customer{order.history.length === 0 ? '; not paid yet' : ''}
          </li>
          {order.history.map((change) => (
            <li key={`${change.at}-${change.to.id}`}>
              <time dateTime={change.at}>{formatDateTime(change.at)}</time>: {change.from.name} → {change.to.name}
              {change.staff_name ? `, by ${change.staff_name}` : ', by the customer’s payment'}
              {typeof change.details.tracking_number === 'string' ? ` (${String(change.details.carrier)} ${change.details.tracking_number})` : ''}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
