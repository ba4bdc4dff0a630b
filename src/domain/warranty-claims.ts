/**
 * Warranty claims (issue 32): the reasons a member may give (each with its own fields, in the
 * return form's model: src/domain/return-form.ts), the claim's statuses and the back office's
 * moves between them, and the words the member and staff read. Pure rules: the server refuses what
 * they refuse (409, naming why) and the screens offer only what they allow.
 *
 * submitted → information requested (staff ask; the member answers, and it is submitted again)
 * submitted | information requested → approved (a refund, a replacement order at no cost, or a
 * labour contribution up to the shop's cap) or rejected (with the reason); approved | rejected →
 * closed. An approved claim settles its line: the line is never claimed again. A rejected claim
 * (closed or not) leaves the line free for another claim while its warranty runs.
 */
import { choiceAnswers, type ReturnFormField } from './return-form';
import { formatNumber } from './text';

export const CLAIM_STATUSES = ['submitted', 'information_requested', 'approved', 'rejected', 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Statuses in which a claim is still being decided: a line has at most one such claim. */
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = ['submitted', 'information_requested'];

export const CLAIM_SETTLEMENTS = ['refund', 'replacement', 'labour'] as const;
export type ClaimSettlement = (typeof CLAIM_SETTLEMENTS)[number];

export const CLAIM_STEP_NAMES = ['request_information', 'approve', 'reject', 'close'] as const;
export type ClaimStep = (typeof CLAIM_STEP_NAMES)[number];

/** What staff may do with a claim and what it becomes. */
const MOVES: Readonly<Record<ClaimStep, { from: readonly ClaimStatus[]; to: ClaimStatus }>> = {
  request_information: { from: ['submitted'], to: 'information_requested' },
  approve: { from: ['submitted', 'information_requested'], to: 'approved' },
  reject: { from: ['submitted', 'information_requested'], to: 'rejected' },
  close: { from: ['approved', 'rejected'], to: 'closed' },
};

export const CLAIM_STATUS_LABELS: Readonly<Record<ClaimStatus, string>> = {
  submitted: 'Submitted',
  information_requested: 'Information requested',
  approved: 'Approved',
  rejected: 'Rejected',
  closed: 'Closed',
};

export const CLAIM_SETTLEMENT_LABELS: Readonly<Record<ClaimSettlement, string>> = {
  refund: 'Refund',
  replacement: 'Replacement part',
  labour: 'Labour contribution',
};

const STEP_WORDS: Readonly<Record<ClaimStep, string>> = { request_information: 'asked for information', approve: 'approved', reject: 'rejected', close: 'closed' };

/** The steps a claim in `status` may take next, in the screen's order. */
export function nextClaimSteps(status: ClaimStatus): ClaimStep[] {
  return CLAIM_STEP_NAMES.filter((step) => MOVES[step].from.includes(status));
}

/** Whether `step` may be taken from `status`, and the status it leads to; otherwise why not. */
export function checkClaimStep(status: ClaimStatus, step: ClaimStep): { ok: true; to: ClaimStatus } | { ok: false; message: string } {
  const move = MOVES[step];
  if (move.from.includes(status)) return { ok: true, to: move.to };
  return { ok: false, message: `This claim is ${CLAIM_STATUS_LABELS[status].toLowerCase()}: it cannot be ${STEP_WORDS[step]} now.` };
}

/** A line's claim as the offer rule reads it. */
export interface LineClaim {
  status: ClaimStatus;
  settlement: ClaimSettlement | null;
}

/** Why a line cannot be claimed now: its warranty has ended, a claim settled it, or one is being decided. */
export type ClaimRefusal = { why: 'ended' } | { why: 'settled' } | { why: 'open'; status: ClaimStatus };

/**
 * Whether a paid line with a warranty may be claimed now (null) or why not: only while its
 * warranty is in force, never once a claim settled it (an approved claim, closed or not), and not
 * while another claim of it is being decided (one open claim per line). A rejected claim, closed or
 * not, leaves the line free. The account offers 'Make a warranty claim' only when this is null, and
 * the server refuses a claim (409) with the reason it gives.
 */
export function claimRefusal(inWarranty: boolean, claims: readonly LineClaim[]): ClaimRefusal | null {
  if (!inWarranty) return { why: 'ended' };
  if (claims.some((claim) => claim.settlement !== null)) return { why: 'settled' };
  const open = claims.find((claim) => OPEN_CLAIM_STATUSES.includes(claim.status));
  return open ? { why: 'open', status: open.status } : null;
}

/** The labour contribution's cap when CLAIM_LABOUR_CAP is not set: £150, in pence. */
export const DEFAULT_CLAIM_LABOUR_CAP = 15_000;

/** The reference a claim is quoted by: 'WCL-000042'. */
export const claimReference = (id: number) => `WCL-${String(id).padStart(6, '0')}`;

/** The files a claim takes: photos of the fault (1 to 6) and the fitting garage's invoice (one PDF or photo). */
export const CLAIM_PHOTOS_MAX = 6;
export const CLAIM_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CLAIM_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
export const CLAIM_INVOICE_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
export const CLAIM_TEXT_MAX_LENGTH = 2000;
export const CLAIM_MILEAGE_MAX = 2_000_000;

/** The multipart keys of a claim besides the reason's own fields. */
export const CLAIM_KEYS = {
  order: 'order_id',
  line: 'order_product_id',
  reason: 'reason',
  fittedOn: 'fitted_on',
  mileage: 'mileage',
  garage: 'garage_name',
  invoice: 'invoice',
  photos: 'photos',
} as const;

export interface ClaimReason {
  id: string;
  name: string;
  form_fields: ReturnFormField[];
}

const DESCRIBE: ReturnFormField = { name: 'description', type: 'textarea', label: 'Tell us what happens', required: true };

/** The reasons a claim may give, each with its own questions (text, textarea, radio, select). */
export const CLAIM_REASONS: readonly ClaimReason[] = [
  {
    id: 'stopped_working',
    name: 'It has stopped working',
    form_fields: [
      {
        name: 'how_often',
        type: 'radio',
        label: 'Does it fail all the time?',
        required: true,
        options: [
          { value: 'always', label: 'Yes, it does not work at all' },
          { value: 'sometimes', label: 'No, it comes and goes' },
        ],
      },
      DESCRIBE,
    ],
  },
  {
    id: 'warning_light',
    name: 'A warning light or fault code',
    form_fields: [
      { name: 'fault_codes', type: 'text', label: 'Fault codes read by the garage', required: true, option: 'uppercase' },
      { ...DESCRIBE, required: false, label: 'Anything else we should know' },
    ],
  },
  {
    id: 'leak_or_noise',
    name: 'A leak, a noise or overheating',
    form_fields: [
      {
        name: 'symptom',
        type: 'select',
        label: 'What do you notice?',
        required: true,
        options: [
          { value: 'leak', label: 'A leak' },
          { value: 'noise', label: 'A noise' },
          { value: 'overheating', label: 'Overheating' },
        ],
      },
      DESCRIBE,
    ],
  },
  { id: 'other', name: 'Something else', form_fields: [DESCRIBE] },
];

export const claimReason = (id: string): ClaimReason | undefined => CLAIM_REASONS.find((reason) => reason.id === id);

/** A claim's answers once its member's account is deleted: the choices stay, the member's own words go (return-form.ts choiceAnswers). */
export function erasedClaimAnswers(reasonId: string, answers: Readonly<Record<string, unknown>>): Record<string, string> {
  return choiceAnswers(claimReason(reasonId)?.form_fields ?? [], answers);
}

/** What the member and staff read; one place, in the shop's words. */
export const CLAIM_TEXTS = {
  signIn: 'Please sign in to your account to make a warranty claim.',
  created: 'Thank you. We have received your warranty claim and will look at it shortly. We have emailed you a copy.',
  replied: 'Thank you. We have your answer and will look at your claim again.',
  chooseReason: 'Please choose what is wrong with the part.',
  noWarranty: 'This part has no warranty.',
  notPaid: 'A warranty claim can be made once the order is paid.',
  expired: (date: string) => `The warranty of this part ended on ${date}: it can no longer be claimed.`,
  settled: 'This part has been claimed under its warranty already and the claim was settled: it cannot be claimed again.',
  open: (status: string) => `This part already has a warranty claim (${status.toLowerCase()}): please wait for our answer.`,
  notAwaitingAnswer: 'We have not asked you anything about this claim: there is nothing to answer.',
  fittedOnFuture: 'The date it was fitted cannot be after today.',
  fittedOnBeforeOrder: 'The date it was fitted cannot be before the order.',
  dateFormat: 'Please give the date as YYYY-MM-DD.',
  mileage: `Please give the mileage as a whole number of miles, at most ${formatNumber(CLAIM_MILEAGE_MAX)}.`,
  required: 'required field',
  tooLong: (max: number) => `At most ${max} characters.`,
  photosRequired: 'Please add at least one photo of the part.',
  invoiceRequired: "Please add the fitting garage's invoice (a PDF or a photo).",
  invoiceOneOnly: (file: string) => `Only one invoice can be sent: ${file} is one too many.`,
  invoiceNotPdf: (file: string) => `${file} is not a PDF we can open. Please send the invoice as a PDF or a photo.`,
  photoTooMany: (file: string) => `At most ${CLAIM_PHOTOS_MAX} photos can be sent with a claim; ${file} is one too many.`,
  fileUnknownField: (file: string) => `${file} was sent for a question the claim does not have.`,
} as const;
