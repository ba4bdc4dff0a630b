/**
 * The back office's moves of a return (SPEC §4 return statuses, spelt as the spec spells them):
 * AWAITING_REVIEW → APROVED (with instructions and a label or address) → IN_TRANSIT → DELIVERED →
 * REFUNDED (through the payment provider) or REJECTED (with a reason). A return is rejected on
 * review or after inspection; REFUNDED and REJECTED are final. Pure rules: the server refuses what
 * they refuse (409, naming why) and the screens offer only what they allow.
 */
import type { ReturnStatus } from './orders';

export const RETURN_STEP_NAMES = ['approve', 'reject', 'in_transit', 'delivered', 'refund'] as const;
export type ReturnStep = (typeof RETURN_STEP_NAMES)[number];

const MOVES: Readonly<Record<ReturnStep, { from: readonly ReturnStatus[]; to: ReturnStatus }>> = {
  approve: { from: ['AWAITING_REVIEW'], to: 'APROVED' },
  in_transit: { from: ['APROVED'], to: 'IN_TRANSIT' },
  delivered: { from: ['IN_TRANSIT'], to: 'DELIVERED' },
  refund: { from: ['DELIVERED'], to: 'REFUNDED' },
  reject: { from: ['AWAITING_REVIEW', 'DELIVERED'], to: 'REJECTED' },
};

const WORDS: Readonly<Record<ReturnStatus, string>> = {
  AWAITING_REVIEW: 'awaiting review',
  APROVED: 'approved',
  IN_TRANSIT: 'in transit',
  DELIVERED: 'delivered',
  REFUNDED: 'refunded',
  REJECTED: 'rejected',
};

const STEP_WORDS: Readonly<Record<ReturnStep, string>> = { approve: 'approved', reject: 'rejected', in_transit: 'marked in transit', delivered: 'marked delivered', refund: 'refunded' };

export type ReturnStepCheck = { ok: true; to: ReturnStatus } | { ok: false; message: string };

/** Whether a return in `status` may take `step`, and if not, why in words staff read. */
export function checkReturnStep(status: ReturnStatus, step: ReturnStep): ReturnStepCheck {
  const move = MOVES[step];
  if (move.from.includes(status)) return { ok: true, to: move.to };
  if (status === 'REFUNDED' || status === 'REJECTED') return { ok: false, message: `This return is ${WORDS[status]}: it is closed.` };
  const needed = move.from.map((from) => WORDS[from]).join(' or ');
  return { ok: false, message: `This return is ${WORDS[status]}: it must be ${needed} before it can be ${STEP_WORDS[step]}.` };
}

/** The steps a return in `status` may take next. */
export function nextReturnSteps(status: ReturnStatus): ReturnStep[] {
  return RETURN_STEP_NAMES.filter((step) => checkReturnStep(status, step).ok);
}

/** Part requests (the shop's own statuses): new → searching → found (with a part) or not found; found and not found are final. */
export const PART_REQUEST_STEPS = ['searching', 'found', 'not_found'] as const;
export type PartRequestStep = (typeof PART_REQUEST_STEPS)[number];
type PartRequestCode = 'new' | PartRequestStep;

const REQUEST_FROM: Readonly<Record<PartRequestStep, readonly PartRequestCode[]>> = {
  searching: ['new'],
  found: ['new', 'searching'],
  not_found: ['new', 'searching'],
};

export function checkPartRequestStep(status: PartRequestCode, step: PartRequestStep): { ok: true } | { ok: false; message: string } {
  if (REQUEST_FROM[step].includes(status)) return { ok: true };
  if (status === 'found' || status === 'not_found') return { ok: false, message: `This request is answered (${status === 'found' ? 'found' : 'not found'}): it is closed.` };
  return { ok: false, message: 'This request is being searched for already.' };
}

export function nextPartRequestSteps(status: PartRequestCode): PartRequestStep[] {
  return PART_REQUEST_STEPS.filter((step) => checkPartRequestStep(status, step).ok);
}
