/**
 * What every way of paying in the panel shares: the order, the calls, and how a way reports back
 * (busy, a failure, a warning, the payment made). One payment runs at a time: while one is under
 * way the others' buttons do nothing.
 */
import type { PaymentOutcome } from '../../../domain/payments';
import type { PaymentCalls } from '../api/payment-calls';

export type ChallengeAnswer = 'complete' | 'fail';

export interface PaymentFlow {
  /** The order's hash, `order_id` in the payment calls. */
  hash: string;
  calls: PaymentCalls;
  /** A payment is under way (any method). */
  busy: boolean;
  /** Marks a payment under way; false when another already is. */
  begin: () => boolean;
  /** The payment's end: paid (the panel shows success, then /order-paid), or a message to show. */
  finish: (outcome: PaymentOutcome | { kind: 'warning'; message: string } | { kind: 'idle' }) => void;
  /** Opens the sandbox's 3-D Secure challenge and answers the person's choice. */
  challenge: () => Promise<ChallengeAnswer>;
}

/** The text of a failed call: the server's msg, else the error's own. */
export function errorText(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'msg' in error && typeof error.msg === 'string' && error.msg) return error.msg;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
