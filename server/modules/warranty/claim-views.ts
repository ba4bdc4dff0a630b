/**
 * A warranty claim as its member reads it (the account, the answers of the member's calls) and as
 * staff read it (the back office's queue and page), and the mail and push that tell the member
 * of each change of its status.
 */
import type { AdminClaim, WarrantyClaim } from '../../../src/contract/warranty-claims';
import { formatMoney } from '../../../src/domain/money';
import { CLAIM_SETTLEMENT_LABELS, CLAIM_STATUS_LABELS, type ClaimSettlement, type ClaimStatus, claimReason, claimReference } from '../../../src/domain/warranty-claims';
import type { Database } from '../../db/client';
import { createOutboxMailer } from '../../integrations/mail';
import { orderLineVehiclesOf } from '../garage/index';
import { queuePush } from '../push/index';
import { type ClaimFileRow, type ClaimRecord, type ClaimStepRow, createClaimsRepository } from './claims-repository';

/** Where the member follows their claims. */
export const CLAIMS_ACCOUNT_PATH = '/panel/client/warranty-claims';

/** The reason's questions as answered: label and the chosen option's words. */
function answerRows(reasonId: string, answers: unknown): { name: string; label: string; value: string }[] {
  const given = (answers ?? {}) as Record<string, unknown>;
  return (claimReason(reasonId)?.form_fields ?? [])
    .filter((field) => typeof given[field.name] === 'string' && given[field.name] !== '')
    .map((field) => {
      const value = String(given[field.name]);
      return { name: field.name, label: field.label, value: field.options?.find((option) => option.value === value)?.label ?? value };
    });
}

const reasonName = (id: string) => claimReason(id)?.name ?? id;
const filesView = (files: readonly ClaimFileRow[]) => files.map((file) => ({ id: file.id, field: file.field, filename: file.filename, content_type: file.contentType }));

interface Extras {
  files: readonly ClaimFileRow[];
  steps: readonly { step: ClaimStepRow; staffName: string | null }[];
  replacementNumber: string | null;
}

/** What the views read beside the claim: its files, steps and replacement order, for many claims at once. */
export async function claimExtras(db: Database, records: readonly ClaimRecord[]): Promise<(record: ClaimRecord) => Extras> {
  const repo = createClaimsRepository(db);
  const ids = records.map((record) => record.claim.id);
  const [files, steps] = await Promise.all([repo.filesOf(ids), repo.stepsOf(ids)]);
  const numbers = new Map<number, string | null>();
  for (const record of records) if (record.claim.replacementOrderId) numbers.set(record.claim.id, await repo.orderNumber(record.claim.replacementOrderId));
  return (record) => ({
    files: files.filter((file) => file.claimId === record.claim.id),
    steps: steps.filter(({ step }) => step.claimId === record.claim.id),
    replacementNumber: numbers.get(record.claim.id) ?? null,
  });
}

export function memberClaimView(record: ClaimRecord, extras: Extras): WarrantyClaim {
  const { claim, order, line, certificate } = record;
  return {
    id: claim.id,
    reference: claimReference(claim.id),
    status: claim.status,
    status_label: CLAIM_STATUS_LABELS[claim.status],
    order_hash: order.hash,
    order_number: order.number,
    line_id: line.id,
    part_name: line.name,
    certificate_number: certificate.number,
    reason: reasonName(claim.reason),
    answers: answerRows(claim.reason, claim.answers),
    fitted_on: claim.fittedOn,
    mileage: claim.mileage,
    garage_name: claim.garageName,
    settlement: claim.settlement,
    settlement_label: claim.settlement ? CLAIM_SETTLEMENT_LABELS[claim.settlement] : null,
    refunded: claim.settlement === 'replacement' ? null : claim.settlementAmount,
    replacement_order_number: extras.replacementNumber,
    files: filesView(extras.files),
    history: extras.steps.map(({ step }) => ({ from: step.fromStatus, to: step.toStatus, message: step.message, by: (step.details as { by?: unknown }).by === 'member' ? 'you' : 'us', at: step.at.toISOString() })),
    created: claim.createdAt.toISOString(),
    updated: claim.updatedAt.toISOString(),
  };
}

/** The queue's row. */
export function claimRowView(record: ClaimRecord) {
  const { claim, order, line, member } = record;
  return {
    id: claim.id,
    reference: claimReference(claim.id),
    status: claim.status,
    status_label: CLAIM_STATUS_LABELS[claim.status],
    order_number: order.number,
    part_name: line.name,
    reason: reasonName(claim.reason),
    customer: `${member.firstName} ${member.lastName}`.trim(),
    created: claim.createdAt.toISOString(),
    updated: claim.updatedAt.toISOString(),
  };
}

/** The back office's page, but for what only the sales module knows (the steps a role may take, what may be refunded). */
export async function staffClaimView(db: Database, record: ClaimRecord, extras: Extras): Promise<Omit<AdminClaim, 'next_steps' | 'refundable' | 'labour_cap'>> {
  const { claim, line, certificate } = record;
  const vehicle = (await orderLineVehiclesOf(db, [line.id])).get(line.id) ?? null;
  const document = certificate.document as { check_url?: unknown };
  return {
    ...claimRowView(record),
    email: record.member.email,
    line: { id: line.id, tag: line.tag, name: line.name, gross_value: line.grossValue, warranty_name: line.warrantyName },
    certificate: { number: certificate.number, valid_from: certificate.startsAt.toISOString(), valid_until: certificate.endsAt.toISOString(), check_url: typeof document.check_url === 'string' ? document.check_url : '' },
    vehicle,
    answers: answerRows(claim.reason, claim.answers),
    fitted_on: claim.fittedOn,
    mileage: claim.mileage,
    garage_name: claim.garageName,
    files: filesView(extras.files),
    settlement: claim.settlement,
    settlement_amount: claim.settlementAmount,
    replacement_order_number: extras.replacementNumber,
    history: extras.steps.map(({ step, staffName }) => ({ from: step.fromStatus, to: step.toStatus, message: step.message, staff_name: staffName, at: step.at.toISOString() })),
  };
}

/** What happened to a claim, as the member is told. */
export type ClaimNews =
  | { status: Extract<ClaimStatus, 'submitted'>; answered: boolean }
  | { status: Extract<ClaimStatus, 'information_requested'>; question: string }
  | { status: Extract<ClaimStatus, 'approved'>; settlement: ClaimSettlement; amount: number | null; replacementOrder: string | null; message: string }
  | { status: Extract<ClaimStatus, 'rejected'>; reason: string }
  | { status: Extract<ClaimStatus, 'closed'> };

function newsText(news: ClaimNews, part: string, reference: string): { subject: string; text: string; push: string } {
  switch (news.status) {
    case 'submitted':
      return news.answered
        ? { subject: `We have your answer about claim ${reference}`, text: `Thank you for answering our question about your warranty claim on ${part}. We will look at it again shortly.`, push: 'We have your answer.' }
        : { subject: `Your warranty claim ${reference}`, text: `We have received your warranty claim on ${part}. We will look at the photos and the invoice and come back to you shortly.`, push: 'Claim received.' };
    case 'information_requested':
      return { subject: `A question about your warranty claim ${reference}`, text: `To decide your warranty claim on ${part}, we need a little more from you:\n\n${news.question}\n\nPlease answer from your account.`, push: 'We have a question about your claim.' };
    case 'approved': {
      const how =
        news.settlement === 'replacement'
          ? `We are sending you a replacement part at no cost: order ${news.replacementOrder ?? ''}.`
          : `We have refunded ${formatMoney(news.amount ?? 0)}${news.settlement === 'labour' ? ' towards the cost of fitting' : ''}. It goes back the way you paid and usually shows within 5 to 10 working days.`;
      const note = news.message ? `\n\n${news.message}` : '';
      return { subject: `Your warranty claim ${reference} is approved`, text: `Good news: we have approved your warranty claim on ${part}. ${how}${note}`, push: news.settlement === 'replacement' ? 'Approved: a replacement is on its way.' : `Approved: ${formatMoney(news.amount ?? 0)} refunded.` };
    }
    case 'rejected':
      return { subject: `Your warranty claim ${reference}`, text: `We are sorry: we cannot accept your warranty claim on ${part}.\n\n${news.reason}\n\nIf you have any questions, just reply to this email.`, push: 'Your claim was not accepted.' };
    case 'closed':
      return { subject: `Your warranty claim ${reference} is closed`, text: `We have closed your warranty claim on ${part}. Thank you for your patience.`, push: 'Your claim is closed.' };
  }
}

/** The member's mail and push of one change of their claim, on `tx` (the change's transaction). */
export async function tellAboutClaim(tx: Database, record: ClaimRecord, news: ClaimNews, at: Date, publicUrl: string): Promise<void> {
  const reference = claimReference(record.claim.id);
  const { subject, text, push } = newsText(news, record.line.name, reference);
  await createOutboxMailer(tx).send({
    to: record.member.email,
    subject,
    text: `Hello ${record.member.firstName || 'there'},\n\n${text}\n\nYour warranty claims: ${publicUrl}${CLAIMS_ACCOUNT_PATH}\n\nPartsFinder UK`,
  });
  await queuePush(tx, record.member.id, { title: `Warranty claim ${reference}`, body: push, url: CLAIMS_ACCOUNT_PATH, tag: `claim-${record.claim.id}` }, at);
}
