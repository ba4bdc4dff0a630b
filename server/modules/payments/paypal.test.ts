/**
 * Paying with PayPal through the embedded sandbox (issue 14): create-order, the buyer's approval
 * in the sandbox's stand-in for PayPal's popup, capture; and PayPal's refusals in its own shape
 * (§5: `details` with the first description, and `debug_id`).
 */
import { describe, expect, it } from 'vitest';
import { capturePaypalOrder, paypalFailureSchema } from '../../../src/contract/payments';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { sandboxPaypalOrders } from '../../db/schema';
import { expectOk, PARTS, shopper, type Shopper } from '../../test/checkout';
import { testDatabase } from '../../test/database';
import { paidMails, paymentApp, paymentState, placeOrder, sandboxGateways, usePaymentData } from '../../test/payments';

usePaymentData();

const createOrder = async (buyer: Shopper, hash: string) => (await expectOk(buyer.call('POST', '/payments/paypal/create-order', { order_id: hash }))).json().id as string;
const approve = (buyer: Shopper, id: string, choice: 'approve' | 'instrument_declined' = 'approve') => expectOk(buyer.call('POST', `/payments/sandbox/paypal/approve/${id}`, { choice }));
const capture = (buyer: Shopper, id: string) => buyer.call('POST', `/payments/paypal/capture/${id}`);

describe('PayPal through the sandbox', () => {
  it('approve then capture pays the order, answering PayPal’s shape; a repeated capture answers the same, once', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const id = await createOrder(buyer, order.hash);
    expect(id).toMatch(/^[A-Z0-9]{17}$/);
    // Asked again before approval (the buttons re-rendered): the same PayPal order.
    expect(await createOrder(buyer, order.hash)).toBe(id);
    await approve(buyer, id);

    const answer = capturePaypalOrder.response.parse((await expectOk(capture(buyer, id))).json());
    const captureId = answer.purchase_units[0]?.payments.captures?.[0]?.id ?? '';
    expect(answer).toMatchObject({
      id,
      status: 'COMPLETED',
      paid: true,
      msg: t('payment.successful'),
      transaction: { status: 'COMPLETED', id: captureId },
      redirect: `/order-paid?hash=${order.hash}`,
      purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', id: captureId }] } }],
    });
    const again = capturePaypalOrder.response.parse((await expectOk(capture(buyer, id))).json());
    expect(again.transaction).toEqual(answer.transaction);

    const state = await paymentState();
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({ provider: 'paypal', providerReference: captureId, method: 'PAYPAL', amount: order.to_pay, currency: 'gbp' });
    expect(state.orders[0]?.statusId).toBe(ORDER_STATUS.PAID);
    expect(await paidMails()).toHaveLength(1);
    const { db } = await testDatabase();
    const [sandbox] = await db.select().from(sandboxPaypalOrders);
    expect(sandbox).toMatchObject({ status: 'COMPLETED', amount: order.to_pay, currency: 'GBP', customId: order.hash, invoiceId: order.number });
  });

  it('refuses a capture before approval with 422, PayPal’s details and a debug id, and charges nothing', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const id = await createOrder(buyer, order.hash);
    const refused = await capture(buyer, id);
    expect(refused.statusCode).toBe(422);
    const body = paypalFailureSchema.parse(refused.json());
    expect(body.details).toEqual([{ issue: 'ORDER_NOT_APPROVED', description: expect.stringMatching(/^Payer has not yet approved the Order for payment/) }]);
    expect(body.debug_id).toMatch(/^[0-9a-f]{14}$/);
    expect(body.msg).toBe(t('payment.paypal_capture_failed', { error: body.details?.[0]?.description ?? '' }));
    expect((await paymentState()).payments).toHaveLength(0);
  });

  it('answers INSTRUMENT_DECLINED so the buttons restart; approved again with another instrument, it pays', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const id = await createOrder(buyer, order.hash);
    await approve(buyer, id, 'instrument_declined');
    const declined = await capture(buyer, id);
    expect(declined.statusCode).toBe(422);
    const body = paypalFailureSchema.parse(declined.json());
    expect(body.details?.[0]).toEqual({ issue: 'INSTRUMENT_DECLINED', description: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment." });
    expect(body.debug_id).toBeTruthy();
    expect((await paymentState()).orders[0]?.statusId).toBe(ORDER_STATUS.NOT_PAID);

    await approve(buyer, id);
    expect((await expectOk(capture(buyer, id))).json().paid).toBe(true);
  });

  it('answers another visitor 404 for the capture and the approval of someone else’s PayPal order does not pay it for them', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const id = await createOrder(buyer, order.hash);
    await approve(buyer, id);
    const stranger = await shopper(app);
    expect((await capture(stranger, id)).statusCode).toBe(404);
    expect((await capture(stranger, 'UNKNOWN0ORDER0ID')).statusCode).toBe(404);
    expect((await paymentState()).payments).toHaveLength(0);
  });

  it('reports a second capture at PayPal as ORDER_ALREADY_CAPTURED (another request id)', async () => {
    const { app } = await paymentApp();
    const buyer = await shopper(app);
    const order = await placeOrder(buyer, [PARTS.alternator]);
    const id = await createOrder(buyer, order.hash);
    await approve(buyer, id);
    await expectOk(capture(buyer, id));
    const { paypal } = await sandboxGateways(app);
    await expect(paypal.captureOrder(id, 'another-request')).rejects.toMatchObject({ details: { paypal: { details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } } });
    // The same request id retried answers the same capture.
    const first = await paypal.getOrder(id);
    await expect(paypal.captureOrder(id, `order-${order.hash}-paypal-attempt-1-capture`)).resolves.toMatchObject({ capture: { id: first.capture?.id } });
  });
});
