import { describe, expect, it } from 'vitest';
import {
  cardConfirmOutcome,
  cardErrorMessage,
  cardExpiry,
  cardIntentStep,
  invoiceFilename,
  maskedCard,
  paypalCaptureOutcome,
  paypalOrderId,
  transactionLine,
} from './payments';

const captured = {
  success: true,
  msg: '',
  paid: true,
  transaction: { status: 'COMPLETED', id: '3C679366HH908993F' },
  redirect: '/order-paid?hash=abc',
  id: '5O190127TN364715T',
  status: 'COMPLETED',
  purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', id: '3C679366HH908993F' }] } }],
};

describe('PayPal capture (SPEC §5)', () => {
  it('a capture gives its transaction and where to go', () => {
    expect(paypalCaptureOutcome(captured)).toEqual({ kind: 'paid', transaction: { status: 'COMPLETED', id: '3C679366HH908993F' }, redirect: '/order-paid?hash=abc' });
  });

  it('an authorisation stands in when there is no capture', () => {
    const answer = { ...captured, redirect: undefined, purchase_units: [{ payments: { authorizations: [{ status: 'CREATED', id: 'AUTH-1' }] } }] };
    expect(paypalCaptureOutcome(answer)).toEqual({ kind: 'paid', transaction: { status: 'CREATED', id: 'AUTH-1' }, redirect: null });
  });

  it('a details list fails with the first description and the debug id', () => {
    const refusal = {
      success: false,
      msg: 'PayPal refused',
      details: [
        { issue: 'PAYER_ACTION_REQUIRED', description: 'Payer needs to perform the following action before proceeding with payment.' },
        { issue: 'OTHER', description: 'Second.' },
      ],
      debug_id: 'f2a1b3c4d5',
    };
    expect(paypalCaptureOutcome(refusal)).toEqual({
      kind: 'failed',
      message: 'Sorry, your transaction could not be processed... Payer needs to perform the following action before proceeding with payment. f2a1b3c4d5',
    });
  });

  it('INSTRUMENT_DECLINED in the details restarts the buttons', () => {
    const refusal = { success: false, msg: 'declined', details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }], debug_id: 'x1' };
    expect(paypalCaptureOutcome(refusal)).toEqual({ kind: 'restart' });
  });

  it('no purchase_units fails with msg', () => {
    expect(paypalCaptureOutcome({ success: false, msg: 'Order not approved' })).toEqual({
      kind: 'failed',
      message: 'Sorry, your transaction could not be processed... Order not approved',
    });
    expect(paypalCaptureOutcome({ success: true, purchase_units: [] })).toEqual({
      kind: 'failed',
      message: 'Sorry, your transaction could not be processed... Something went wrong. Please try again.',
    });
    expect(paypalCaptureOutcome(null).kind).toBe('failed');
  });

  it('an answer that says it did not pay is not a success', () => {
    expect(paypalCaptureOutcome({ ...captured, paid: false, msg: 'The capture is pending.' })).toEqual({
      kind: 'failed',
      message: 'Sorry, your transaction could not be processed... The capture is pending.',
    });
  });
});

describe('PayPal order creation (SPEC §5)', () => {
  it('needs an id', () => {
    expect(paypalOrderId({ success: true, id: '5O190127TN364715T' })).toEqual({ id: '5O190127TN364715T' });
    expect(paypalOrderId({ success: false, msg: 'This order has already been paid.' })).toEqual({
      message: 'Could not initiate PayPal Checkout... This order has already been paid.',
    });
    expect(paypalOrderId({ success: true, id: '' })).toEqual({ message: 'Could not initiate PayPal Checkout... Something went wrong. Please try again.' });
  });
});

describe('card payments', () => {
  it("shows the provider's message, else the §8 text", () => {
    expect(cardErrorMessage('Your card was declined.')).toBe('Your card was declined.');
    expect(cardErrorMessage('  ')).toBe('Payment Unsuccessful. Sorry there seems to be a problem with your payment details');
    expect(cardErrorMessage(null)).toBe('Payment Unsuccessful. Sorry there seems to be a problem with your payment details');
  });

  it('the confirmation decides: paid, or the reason', () => {
    expect(cardConfirmOutcome({ paid: true, msg: '', transaction: { status: 'succeeded', id: 'pi_1' }, redirect: '/order-paid?hash=a' })).toEqual({
      kind: 'paid',
      transaction: { status: 'succeeded', id: 'pi_1' },
      redirect: '/order-paid?hash=a',
    });
    expect(cardConfirmOutcome({ paid: false, msg: 'Your card has insufficient funds.', transaction: null, redirect: null })).toEqual({
      kind: 'failed',
      message: 'Your card has insufficient funds.',
    });
  });

  it("reads Stripe's intent statuses", () => {
    expect(cardIntentStep('succeeded')).toBe('record');
    expect(cardIntentStep('processing')).toBe('record');
    expect(cardIntentStep('requires_action')).toBe('authenticate');
    expect(cardIntentStep('requires_payment_method')).toBe('refused');
    expect(cardIntentStep('canceled')).toBe('refused');
  });

  it('says the transaction as §8 does', () => {
    expect(transactionLine({ status: 'succeeded', id: 'pi_123' })).toBe('Transaction succeeded, transaction ID: pi_123');
  });
});

describe('invoice file name (SPEC §7)', () => {
  it('comes from content-disposition, else the hash', () => {
    expect(invoiceFilename('attachment; filename="invoice-PF000123.pdf"', 'h')).toBe('invoice-PF000123.pdf');
    expect(invoiceFilename('attachment; filename=invoice-7.pdf', 'h')).toBe('invoice-7.pdf');
    expect(invoiceFilename(`attachment; filename="x.pdf"; filename*=UTF-8''invoice-%C2%A3.pdf`, 'h')).toBe('invoice-£.pdf');
    expect(invoiceFilename('attachment; filename="../../etc/passwd"', 'h')).toBe('....etcpasswd');
    expect(invoiceFilename('attachment', 'abc123')).toBe('abc123.pdf');
    expect(invoiceFilename(null, 'abc123')).toBe('abc123.pdf');
  });
});

describe('saved cards', () => {
  it('masks the number and writes the expiry MM/YY', () => {
    expect(maskedCard('4242')).toBe('•••• 4242');
    expect(cardExpiry(3, 2030)).toBe('03/30');
  });
});
