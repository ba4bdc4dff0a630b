/**
 * The embedded PayPal sandbox (no PayPal keys): Orders v2 orders with PayPal's statuses, kept in
 * sandbox_paypal_orders. The buyer's approval is the browser-facing sandbox call (what PayPal's
 * popup does); capture refuses as PayPal refuses (ORDER_NOT_APPROVED, INSTRUMENT_DECLINED,
 * ORDER_ALREADY_CAPTURED, each with PayPal's description and a debug id) and a completed capture
 * or a refund is reported by a PayPal-shaped, signed webhook (delivery.ts).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { decimalOf, paymentEventOfPaypal, type PaypalWebhookBody } from '../paypal-events';
import type { PaymentEvent, PaypalGateway, PaypalOrder, PaypalOrderStatus } from '../port';
import { PaymentProviderError } from '../port';
import type { SandboxDeps } from './card';
import { WEBHOOK_DELAY_MS } from './card';
import { createSandboxRepository, type SandboxPaypalRow, type SandboxRepository } from './sandbox-repository';
import { verifyPaypalSignature } from './signing';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal's ids: 17 upper-case letters and digits. */
const paypalId = (length = 17) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const debugId = () => randomBytes(7).toString('hex');

/** PayPal's issues at capture and refund, described in PayPal's words. */
export const PAYPAL_ISSUES = {
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
} as const;

function refusal(issue: keyof typeof PAYPAL_ISSUES): PaymentProviderError {
  const notFound = issue === 'INVALID_RESOURCE_ID';
  return new PaymentProviderError(
    notFound ? 'The specified resource does not exist.' : 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    { code: notFound ? 'RESOURCE_NOT_FOUND' : 'UNPROCESSABLE_ENTITY', paypal: { details: [{ issue, description: PAYPAL_ISSUES[issue] }], debugId: debugId() } },
  );
}

const orderOf = (row: SandboxPaypalRow): PaypalOrder => ({
  id: row.id,
  status: row.status as PaypalOrderStatus,
  amount: row.amount,
  currency: row.currency,
  orderHash: row.customId,
  capture: row.captureId ? { id: row.captureId, status: row.captureStatus ?? 'COMPLETED', amount: row.amount, currency: row.currency } : null,
});

export interface SandboxPaypalGateway extends PaypalGateway {
  readonly mode: 'sandbox';
  /** The buyer's choice in PayPal's popup: approve, or pay with an instrument declined at capture. */
  approve(orderId: string, choice: 'approve' | 'instrument_declined'): Promise<PaypalOrder>;
  /** A refund from the provider's dashboard (tests), reported by PAYMENT.CAPTURE.REFUNDED. */
  refund(captureId: string, amount?: number): Promise<void>;
}

export function createSandboxPaypalGateway({ db, clock, sandboxSecret }: SandboxDeps): SandboxPaypalGateway {
  async function sendEvent(repo: SandboxRepository, eventType: string, summary: string, resource: Record<string, unknown>, at: Date): Promise<void> {
    const body = { id: `WH-${paypalId(8)}-${paypalId(17)}`, event_version: '1.0', create_time: at.toISOString(), resource_type: eventType.endsWith('REFUNDED') ? 'refund' : 'capture', event_type: eventType, summary, resource };
    await repo.enqueueWebhook({ provider: 'paypal', eventId: body.id, payload: JSON.stringify(body), deliverAfter: new Date(at.getTime() + WEBHOOK_DELAY_MS), createdAt: at });
  }

  const money = (row: SandboxPaypalRow, pence = row.amount) => ({ currency_code: row.currency, value: decimalOf(pence) });

  /** Refunds `amount` (all that is left when absent) of a capture, as PayPal does: more than is left is refused. */
  async function refundOf(repo: SandboxRepository, captureId: string, amount: number | undefined): Promise<{ refunded: number; row: SandboxPaypalRow; refundId: string }> {
    const row = await repo.lockPaypalByCapture(captureId);
    if (!row) throw refusal('INVALID_RESOURCE_ID');
    const left = row.amount - row.amountRefunded;
    if (left <= 0) throw refusal('CAPTURE_FULLY_REFUNDED');
    const refunded = amount ?? left;
    if (refunded <= 0 || refunded > left) throw refusal('REFUND_AMOUNT_EXCEEDED');
    const total = row.amountRefunded + refunded;
    const at = clock();
    const refundId = paypalId();
    await repo.updatePaypal(row.id, { amountRefunded: total, captureStatus: total === row.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED', updatedAt: at });
    await sendEvent(
      repo,
      'PAYMENT.CAPTURE.REFUNDED',
      `A ${row.currency} ${decimalOf(refunded)} capture payment was refunded`,
      {
        id: refundId,
        status: 'COMPLETED',
        amount: money(row, refunded),
        custom_id: row.customId,
        invoice_id: row.invoiceId,
        seller_payable_breakdown: { total_refunded_amount: money(row, total) },
        links: [{ href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
      },
      at,
    );
    return { refunded, row, refundId };
  }

  return {
    mode: 'sandbox',
    clientId: null,

    async createOrder(input): Promise<PaypalOrder> {
      return db.transaction(async (tx) => {
        const repo = createSandboxRepository(tx);
        // PayPal answers a repeated PayPal-Request-Id with the order the first request made.
        const earlier = await repo.paypalByRequest(input.requestId);
        if (earlier) return orderOf(earlier);
        const at = clock();
        const inserted = await repo.insertPaypal({
          id: paypalId(),
          requestId: input.requestId,
          status: 'CREATED',
          amount: input.amount,
          currency: input.currency,
          customId: input.orderHash,
          invoiceId: input.orderNumber,
          createdAt: at,
          updatedAt: at,
        });
        const row = inserted ?? (await repo.paypalByRequest(input.requestId));
        if (!row) throw new Error('the sandbox lost a PayPal order it was making');
        return orderOf(row);
      });
    },

    async getOrder(id): Promise<PaypalOrder> {
      const row = await createSandboxRepository(db).paypal(id);
      if (!row) throw refusal('INVALID_RESOURCE_ID');
      return orderOf(row);
    },

    async captureOrder(id, requestId): Promise<PaypalOrder> {
      return db.transaction(async (tx) => {
        const repo = createSandboxRepository(tx);
        const row = await repo.lockPaypal(id);
        if (!row) throw refusal('INVALID_RESOURCE_ID');
        if (row.status === 'COMPLETED') {
          // The same request retried gets the same capture; any other capture is refused.
          if (row.captureRequestId === requestId) return orderOf(row);
          throw refusal('ORDER_ALREADY_CAPTURED');
        }
        if (row.status !== 'APPROVED') throw refusal('ORDER_NOT_APPROVED');
        if (row.payerChoice === 'instrument_declined') throw refusal('INSTRUMENT_DECLINED');
        const at = clock();
        const captured = await repo.updatePaypal(row.id, { status: 'COMPLETED', captureId: paypalId(), captureStatus: 'COMPLETED', captureRequestId: requestId, updatedAt: at });
        await sendEvent(
          repo,
          'PAYMENT.CAPTURE.COMPLETED',
          `Payment completed for ${captured.currency} ${decimalOf(captured.amount)}`,
          {
            id: captured.captureId,
            status: 'COMPLETED',
            amount: money(captured),
            final_capture: true,
            custom_id: captured.customId,
            invoice_id: captured.invoiceId,
            supplementary_data: { related_ids: { order_id: captured.id } },
            create_time: at.toISOString(),
            update_time: at.toISOString(),
          },
          at,
        );
        return orderOf(captured);
      });
    },

    async parseWebhook(rawBody, headers, receivedAt): Promise<PaymentEvent> {
      verifyPaypalSignature(rawBody, headers, sandboxSecret, receivedAt);
      return paymentEventOfPaypal(JSON.parse(rawBody.toString('utf8')) as PaypalWebhookBody);
    },

    async approve(orderId, choice): Promise<PaypalOrder> {
      return db.transaction(async (tx) => {
        const repo = createSandboxRepository(tx);
        const row = await repo.lockPaypal(orderId);
        if (!row) throw refusal('INVALID_RESOURCE_ID');
        if (row.status === 'COMPLETED') throw refusal('ORDER_ALREADY_CAPTURED');
        // After INSTRUMENT_DECLINED the buttons restart and the buyer approves again, perhaps with another instrument.
        return orderOf(await repo.updatePaypal(row.id, { status: 'APPROVED', payerChoice: choice, updatedAt: clock() }));
      });
    },

    async refund(captureId, amount): Promise<void> {
      await db.transaction(async (tx) => {
        await refundOf(createSandboxRepository(tx), captureId, amount);
      });
    },

    async refundCapture({ captureId, amount, requestId }) {
      return db.transaction(async (tx) => {
        const repo = createSandboxRepository(tx);
        // PayPal answers a repeated PayPal-Request-Id with the first refund.
        const earlier = await repo.refundByKey(`paypal:${requestId}`);
        if (earlier) return { id: earlier.id, amount: earlier.amount, status: 'COMPLETED' };
        const { refunded, row, refundId } = await refundOf(repo, captureId, amount);
        await repo.insertRefund({ id: refundId, provider: 'paypal', paymentReference: captureId, idempotencyKey: `paypal:${requestId}`, amount: refunded, currency: row.currency, createdAt: clock() });
        return { id: refundId, amount: refunded, status: 'COMPLETED' };
      });
    },
  };
}
