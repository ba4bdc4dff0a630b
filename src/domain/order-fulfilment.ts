/**
 * The back office's moves of an order (SPEC §4 order statuses, extended by the shop's fulfilment):
 * a paid order is picked, dispatched (with a carrier and a tracking number) and delivered; an
 * unpaid order may be cancelled (its parts go back on sale); a paid order may be refunded in full
 * or in part, never beyond what was paid less what was refunded before. Pure rules: the server
 * refuses what they refuse (409, naming why) and the screens offer only what they allow.
 */
import type { Permission } from './staff-permissions';
import { formatMoney } from './money';
import { ORDER_STATUS } from './orders';

export const FULFILMENT_STEPS = ['pick', 'dispatch', 'deliver', 'cancel'] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

/** Which status each step leaves the order in. */
export const STEP_TARGET: Readonly<Record<FulfilmentStep, number>> = {
  pick: ORDER_STATUS.PICKED,
  dispatch: ORDER_STATUS.DISPATCHED,
  deliver: ORDER_STATUS.DELIVERED,
  cancel: ORDER_STATUS.CANCELLED,
};

/** The status each step starts from: the one order the steps go in, and cancel only before payment. */
const STEP_FROM: Readonly<Record<FulfilmentStep, number>> = {
  pick: ORDER_STATUS.PAID,
  dispatch: ORDER_STATUS.PICKED,
  deliver: ORDER_STATUS.DISPATCHED,
  cancel: ORDER_STATUS.NOT_PAID,
};

/**
 * Who may take each step (the permission table's rule): picking, dispatching and marking
 * delivered are dispatch work (orders.dispatch: the warehouse, and sales at the desk); cancelling
 * an order and refunding money are sales' alone (orders.manage).
 */
export const STEP_PERMISSION: Readonly<Record<FulfilmentStep | 'refund', Permission>> = {
  pick: 'orders.dispatch',
  dispatch: 'orders.dispatch',
  deliver: 'orders.dispatch',
  cancel: 'orders.manage',
  refund: 'orders.manage',
};

/** Statuses of an order that has been paid and not refunded in full (its money may be refunded). */
export const PAID_STATUSES: readonly number[] = [ORDER_STATUS.PAID, ORDER_STATUS.PICKED, ORDER_STATUS.DISPATCHED, ORDER_STATUS.DELIVERED];

export const isPaidStatus = (statusId: number): boolean => PAID_STATUSES.includes(statusId);

export type StepRefusal = 'not_paid' | 'already_paid' | 'wrong_order' | 'closed';

export type StepCheck = { ok: true; to: number } | { ok: false; reason: StepRefusal; message: string };

const STATUS_WORDS: Readonly<Record<number, string>> = {
  [ORDER_STATUS.NOT_PAID]: 'not paid',
  [ORDER_STATUS.PAID]: 'paid',
  [ORDER_STATUS.REFUNDED]: 'refunded',
  [ORDER_STATUS.PICKED]: 'picked',
  [ORDER_STATUS.DISPATCHED]: 'dispatched',
  [ORDER_STATUS.DELIVERED]: 'delivered',
  [ORDER_STATUS.CANCELLED]: 'cancelled',
};

export const statusWord = (statusId: number): string => STATUS_WORDS[statusId] ?? `status ${statusId}`;

const STEP_WORDS: Readonly<Record<FulfilmentStep, string>> = { pick: 'picked', dispatch: 'dispatched', deliver: 'marked delivered', cancel: 'cancelled' };

/** Whether an order in `statusId` may take `step`, and if not, why in words staff read. */
export function checkStep(statusId: number, step: FulfilmentStep): StepCheck {
  if (statusId === STEP_FROM[step]) return { ok: true, to: STEP_TARGET[step] };
  const now = statusWord(statusId);
  if (step === 'cancel') {
    const reason: StepRefusal = isPaidStatus(statusId) ? 'already_paid' : 'closed';
    const message = reason === 'already_paid' ? 'This order is paid: refund it instead of cancelling it.' : `This order is ${now}: it cannot be cancelled.`;
    return { ok: false, reason, message };
  }
  if (statusId === ORDER_STATUS.NOT_PAID) return { ok: false, reason: 'not_paid', message: `This order is not paid yet: it cannot be ${STEP_WORDS[step]}.` };
  if (statusId === ORDER_STATUS.REFUNDED || statusId === ORDER_STATUS.CANCELLED) return { ok: false, reason: 'closed', message: `This order is ${now}: it cannot be ${STEP_WORDS[step]}.` };
  return { ok: false, reason: 'wrong_order', message: `This order is ${now}: it must be ${statusWord(STEP_FROM[step])} before it can be ${STEP_WORDS[step]}.` };
}

/** The steps an order in `statusId` may take next, of those the permissions allow. */
export function nextSteps(statusId: number, permissions: readonly Permission[]): FulfilmentStep[] {
  return FULFILMENT_STEPS.filter((step) => checkStep(statusId, step).ok && permissions.includes(STEP_PERMISSION[step]));
}

export type RefundCheck = { ok: true; full: boolean; remaining: number } | { ok: false; field: 'amount' | null; message: string };

/**
 * A refund of `amount` pence of an order paid `paid` of which `refunded` is refunded already. The
 * amount is a whole number of pence, more than 0 and at most what is left; the refund that brings
 * the total to what was paid is the full one (the order becomes REFUNDED).
 */
export function checkRefund(input: { statusId: number; paid: number; refunded: number; amount: number }): RefundCheck {
  const { statusId, paid, refunded, amount } = input;
  if (!isPaidStatus(statusId)) return { ok: false, field: null, message: `This order is ${statusWord(statusId)}: there is nothing to refund.` };
  const left = paid - refunded;
  if (left <= 0) return { ok: false, field: null, message: 'This order is refunded in full already.' };
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, field: 'amount', message: 'Enter an amount of at least £0.01.' };
  if (amount > left) return { ok: false, field: 'amount', message: `At most ${formatMoney(left)} can be refunded.` };
  return { ok: true, full: amount === left, remaining: left - amount };
}

/** Carriers' tracking numbers: letters, digits, spaces and dashes, 4 to 40 of them. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;
