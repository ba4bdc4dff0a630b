/**
 * The payment panel's rules (SPEC §2 'Payment panel', §4 payment and invoice states, §5 card and
 * PayPal rules, §8 payment and invoice messages, §9 redirect after payment): what an answer from
 * the shop's payment calls means for the person paying. Pure, so the panel, the sandbox stand-ins
 * and the tests read them the same way.
 */
import { t } from './messages';
import './messages-more';

/** SPEC §9: after a successful payment the panel shows its message this long, then /order-paid. */
export const PAYMENT_REDIRECT_MS = 1500;

/** A transaction as PayPal and the card confirmation report it (SPEC §8 'Transaction {status}, transaction ID: {id}'). */
export interface Transaction {
  status: string;
  id: string;
}

/** What the panel does after a payment step. */
export type PaymentOutcome =
  | { kind: 'paid'; transaction: Transaction | null; redirect: string | null }
  /** PayPal's buyer chose an instrument PayPal declined: offer the buttons again (SPEC §5). */
  | { kind: 'restart' }
  | { kind: 'failed'; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function transactionOf(value: unknown): Transaction | null {
  if (!isRecord(value) || typeof value.status !== 'string' || typeof value.id !== 'string') return null;
  return { status: value.status, id: value.id };
}

/**
 * SPEC §5 PayPal capture: an answer with a `details` list failed (INSTRUMENT_DECLINED among them
 * restarts the buttons; otherwise the error is the first description and the debug id); an answer
 * without purchase_units failed with its `msg`; otherwise the transaction is
 * purchase_units[0].payments.captures[0], or its authorizations[0]. `answer` is the capture call's
 * JSON as it came, success or refusal. The failure's text goes into §8 'Sorry, your transaction
 * could not be processed... {error}'.
 */
export function paypalCaptureOutcome(answer: unknown): PaymentOutcome {
  const body = isRecord(answer) ? answer : {};
  const details = Array.isArray(body.details) ? body.details.filter(isRecord) : [];
  if (details.length > 0) {
    if (details.some((detail) => detail.issue === 'INSTRUMENT_DECLINED')) return { kind: 'restart' };
    const error = [text(details[0]!.description), text(body.debug_id)].filter(Boolean).join(' ');
    return { kind: 'failed', message: t('payment.paypal_capture_failed', { error }) };
  }
  const units = Array.isArray(body.purchase_units) ? body.purchase_units : [];
  const payments = isRecord(units[0]) && isRecord(units[0].payments) ? units[0].payments : null;
  if (!payments) return { kind: 'failed', message: t('payment.paypal_capture_failed', { error: text(body.msg) || t('global.error') }) };
  const first = (list: unknown) => (Array.isArray(list) ? transactionOf(list[0]) : null);
  const transaction = first(payments.captures) ?? first(payments.authorizations);
  // The shop records the payment itself; an answer that says it did not (paid false) is no success.
  if (!transaction || body.paid === false) {
    return { kind: 'failed', message: t('payment.paypal_capture_failed', { error: text(body.msg) || (transaction ? `${transaction.status} ${transaction.id}` : t('global.error')) }) };
  }
  return { kind: 'paid', transaction, redirect: typeof body.redirect === 'string' ? body.redirect : null };
}

/**
 * SPEC §5 PayPal order creation needs an id in the answer; without one (or a refused call) the
 * buttons cannot start: §8 'Could not initiate PayPal Checkout... {error}'.
 */
export function paypalOrderId(answer: unknown): { id: string } | { message: string } {
  const body = isRecord(answer) ? answer : {};
  if (typeof body.id === 'string' && body.id !== '') return { id: body.id };
  return { message: t('payment.paypal_init_failed', { error: text(body.msg) || t('global.error') }) };
}

/**
 * SPEC §8 card error: the provider's own message when it gave one (e.g. 'Your card was
 * declined.'), else 'Payment Unsuccessful. Sorry there seems to be a problem with your payment details'.
 */
export function cardErrorMessage(providerMessage: string | null | undefined): string {
  const message = (providerMessage ?? '').trim();
  return message === '' ? t('payment.unsuccessful') : message;
}

/**
 * What the card confirmation (POST /payments/stripe/confirm) decided: paid, with its transaction
 * and where to go; or the provider's reason for a card that was not charged.
 */
export function cardConfirmOutcome(answer: { paid: boolean; msg: string; transaction: Transaction | null; redirect: string | null }): PaymentOutcome {
  if (answer.paid) return { kind: 'paid', transaction: answer.transaction, redirect: answer.redirect };
  return { kind: 'failed', message: cardErrorMessage(answer.msg) };
}

/** The next step after a card confirmation answered with one of Stripe's PaymentIntent statuses. */
export type CardIntentStep = 'record' | 'authenticate' | 'refused';

/**
 * Stripe's intent status after confirming a card: succeeded (or processing) goes to the shop to be
 * recorded; requires_action asks for the 3-D Secure challenge; anything else was refused.
 */
export function cardIntentStep(status: string): CardIntentStep {
  if (status === 'succeeded' || status === 'processing') return 'record';
  if (status === 'requires_action') return 'authenticate';
  return 'refused';
}

/** SPEC §8: 'Transaction {status}, transaction ID: {id}'. */
export function transactionLine(transaction: Transaction): string {
  return t('payment.transaction', { status: transaction.status, id: transaction.id });
}

/**
 * SPEC §7 invoice: the file name from the answer's content-disposition (RFC 6266: filename*
 * with its UTF-8 encoding first, then filename), else '{hash}.pdf'. Path separators never pass.
 */
export function invoiceFilename(contentDisposition: string | null | undefined, hash: string): string {
  const header = contentDisposition ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name = '';
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = '';
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
    name = plain ? (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1') : '';
  }
  name = name.replace(/[/\\]/g, '').trim();
  return name || `${hash}.pdf`;
}

/** SPEC §2 saved card tile: '•••• 4242', expiry 'MM/YY'. */
export function maskedCard(last4: string): string {
  return `•••• ${last4}`;
}

export function cardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}
