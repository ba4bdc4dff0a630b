/**
 * Warranty claims from the account (issue 32): a member's claim on a line of their own paid order
 * while its warranty runs, with the reason's answers, when and where it was fitted, photos and the
 * fitting garage's invoice; their claims and files; their answer to staff's question. The claim,
 * its files, its first step, the line's certificate (issued now if it was not yet) and the
 * confirmation mail and push are written in one transaction, so a refusal stores nothing.
 */
import * as z from 'zod/mini';
import { orderHashSchema } from '../../../src/contract/orders';
import type { WarrantyClaim } from '../../../src/contract/warranty-claims';
import type { FieldErrors } from '../../../src/contract/envelope';
import { formatLongDate, isCalendarDate, londonDate } from '../../../src/domain/dates';
import { isPaidStatus } from '../../../src/domain/order-fulfilment';
import { ORDER_STATUS } from '../../../src/domain/orders';
import { returnAnswers, returnFormProblems } from '../../../src/domain/return-form';
import { isInWarranty, warrantyEndsAt } from '../../../src/domain/warranty-certificates';
import {
  CLAIM_KEYS,
  CLAIM_MILEAGE_MAX,
  CLAIM_PHOTOS_MAX,
  CLAIM_REASONS,
  CLAIM_STATUS_LABELS,
  CLAIM_TEXT_MAX_LENGTH,
  CLAIM_TEXTS,
  claimReason,
  claimRefusal,
  type ClaimRefusal,
} from '../../../src/domain/warranty-claims';
import type { Database } from '../../db/client';
import { conflict, invalid, notFound, unauthorised } from '../../errors';
import { addProblem, formIds, type UploadForm, wholeIdField } from '../../http/upload-form';
import { claimExtras, memberClaimView, tellAboutClaim } from './claim-views';
import { createClaimsRepository } from './claims-repository';
import type { StoredClaimFile } from './claim-upload';
import type { CertificateIssuer } from './service';

export interface ClaimsOptions {
  db: Database;
  now: () => Date;
  publicUrl: string;
  labourCap: number;
  issuer: CertificateIssuer;
}

/** The claim's own fields (the reason's are checked by the return form's rule). */
function claimFieldProblems(fields: Readonly<Record<string, string>>, orderDay: string, today: string): { problems: FieldErrors; fittedOn: string; mileage: number; garage: string } {
  const problems: FieldErrors = {};
  const fittedOn = (fields[CLAIM_KEYS.fittedOn] ?? '').trim();
  if (fittedOn === '') addProblem(problems, CLAIM_KEYS.fittedOn, CLAIM_TEXTS.required);
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(fittedOn) || !isCalendarDate(fittedOn)) addProblem(problems, CLAIM_KEYS.fittedOn, CLAIM_TEXTS.dateFormat);
  else if (fittedOn > today) addProblem(problems, CLAIM_KEYS.fittedOn, CLAIM_TEXTS.fittedOnFuture);
  else if (fittedOn < orderDay) addProblem(problems, CLAIM_KEYS.fittedOn, CLAIM_TEXTS.fittedOnBeforeOrder);
  const mileageText = (fields[CLAIM_KEYS.mileage] ?? '').replace(/[,\s]/g, '');
  const mileage = Number(mileageText);
  if (mileageText === '') addProblem(problems, CLAIM_KEYS.mileage, CLAIM_TEXTS.required);
  else if (!/^\d{1,7}$/.test(mileageText) || mileage > CLAIM_MILEAGE_MAX) addProblem(problems, CLAIM_KEYS.mileage, CLAIM_TEXTS.mileage);
  const garage = (fields[CLAIM_KEYS.garage] ?? '').trim();
  if (garage === '') addProblem(problems, CLAIM_KEYS.garage, CLAIM_TEXTS.required);
  else if (garage.length > 200) addProblem(problems, CLAIM_KEYS.garage, CLAIM_TEXTS.tooLong(200));
  return { problems, fittedOn, mileage, garage };
}

/** The member's words for why the line cannot be claimed (the account's offer follows the same rule). */
function refusalText(refusal: ClaimRefusal, endsAt: Date): string {
  if (refusal.why === 'ended') return CLAIM_TEXTS.expired(formatLongDate(endsAt));
  if (refusal.why === 'settled') return CLAIM_TEXTS.settled;
  return CLAIM_TEXTS.open(CLAIM_STATUS_LABELS[refusal.status]);
}

export function createClaimsService({ db, now, publicUrl, labourCap, issuer }: ClaimsOptions) {
  const rows = createClaimsRepository(db);

  async function viewOf(handle: Database, id: number): Promise<WarrantyClaim> {
    const record = await createClaimsRepository(handle).record(id);
    if (!record) throw notFound();
    return memberClaimView(record, (await claimExtras(handle, [record]))(record));
  }

  return {
    reasons: () => ({ reasons: CLAIM_REASONS.map((reason) => ({ ...reason, form_fields: [...reason.form_fields] })), labour_cap: labourCap }),

    /**
     * Makes the claim. Checked in this order, each failure storing nothing: signed in (401); the
     * ids readable (422); the member's own order and a line of it with a warranty (404); paid (409);
     * its warranty still running (409, naming the day it ended); no claim being decided and none
     * that settled the line (409); the reason, its questions, the claim's fields and the files (422).
     */
    async create(memberId: number | null, form: UploadForm<StoredClaimFile>): Promise<WarrantyClaim> {
      if (memberId === null) throw unauthorised(CLAIM_TEXTS.signIn);
      const { fields } = form;
      const ids = { data: formIds(z.object({ order_id: orderHashSchema, order_product_id: wholeIdField }), { order_id: fields[CLAIM_KEYS.order] ?? '', order_product_id: fields[CLAIM_KEYS.line] ?? '' }) };
      const at = now();
      const id = await db.transaction(async (tx) => {
        const repo = createClaimsRepository(tx);
        const owned = await repo.memberOrder(ids.data.order_id, memberId);
        if (!owned) throw notFound();
        const { order } = owned;
        const line = await repo.lockLine(order.id, ids.data.order_product_id);
        if (!line) throw notFound();
        const days = await issuer.warrantyDays(tx, line);
        if (days === null) throw notFound(CLAIM_TEXTS.noWarranty);
        if (order.statusId === ORDER_STATUS.REFUNDED || !isPaidStatus(order.statusId) || !order.paidAt) throw conflict(CLAIM_TEXTS.notPaid);
        // The term as the certificate states it once issued; before that, from the payment for the warranty's days.
        const endsAt = (await issuer.certificateEnd(tx, line.id)) ?? warrantyEndsAt(order.paidAt, days);
        const blocking = await repo.blockingClaimOfLine(line.id);
        const refusal = claimRefusal(isInWarranty(endsAt, at), blocking ? [blocking] : []);
        if (refusal) throw conflict(refusalText(refusal, endsAt));

        const reason = claimReason(fields[CLAIM_KEYS.reason] ?? '');
        const problems: FieldErrors = reason ? returnFormProblems(reason.form_fields, fields) : { [CLAIM_KEYS.reason]: [CLAIM_TEXTS.chooseReason] };
        for (const [name, value] of Object.entries(fields)) if (value.length > CLAIM_TEXT_MAX_LENGTH) addProblem(problems, name, CLAIM_TEXTS.tooLong(CLAIM_TEXT_MAX_LENGTH));
        const own = claimFieldProblems(fields, londonDate(order.createdAt), londonDate(at));
        for (const [name, messages] of Object.entries(own.problems)) for (const message of messages) addProblem(problems, name, message);
        for (const [name, messages] of Object.entries(form.uploadProblems)) for (const message of messages) addProblem(problems, name, message);
        const photos = form.files.filter((file) => file.field === CLAIM_KEYS.photos);
        const invoices = form.files.filter((file) => file.field === CLAIM_KEYS.invoice);
        for (const file of form.files.filter((received) => received.field !== CLAIM_KEYS.photos && received.field !== CLAIM_KEYS.invoice)) addProblem(problems, file.field, CLAIM_TEXTS.fileUnknownField(file.filename));
        if (photos.length === 0 && !form.uploadProblems[CLAIM_KEYS.photos]) addProblem(problems, CLAIM_KEYS.photos, CLAIM_TEXTS.photosRequired);
        if (photos.length > CLAIM_PHOTOS_MAX) addProblem(problems, CLAIM_KEYS.photos, CLAIM_TEXTS.photoTooMany(photos[CLAIM_PHOTOS_MAX]?.filename ?? ''));
        if (invoices.length === 0 && !form.uploadProblems[CLAIM_KEYS.invoice]) addProblem(problems, CLAIM_KEYS.invoice, CLAIM_TEXTS.invoiceRequired);
        for (const extra of invoices.slice(1)) addProblem(problems, CLAIM_KEYS.invoice, CLAIM_TEXTS.invoiceOneOnly(extra.filename));
        if (!reason || Object.keys(problems).length > 0) throw invalid(problems);

        const certificate = await issuer.issue(tx, { ...order, paidAt: order.paidAt }, line, days);
        const created = await repo.insertClaim({
          certificateId: certificate.id,
          orderId: order.id,
          orderProductId: line.id,
          memberId,
          reason: reason.id,
          answers: returnAnswers(reason.form_fields, fields),
          fittedOn: own.fittedOn,
          mileage: own.mileage,
          garageName: own.garage,
          status: 'submitted',
          createdAt: at,
          updatedAt: at,
        });
        // Another request's claim of the line won the race between the check above and this insert.
        if (!created) throw conflict(CLAIM_TEXTS.open(CLAIM_STATUS_LABELS.submitted));
        for (const { field, filename, kept } of [...photos, ...invoices.slice(0, 1)]) {
          await repo.insertFile({ claimId: created.id, field, filename, contentType: kept.contentType, data: kept.data, createdAt: at });
        }
        await repo.insertStep({ claimId: created.id, fromStatus: null, toStatus: 'submitted', message: '', details: { by: 'member' }, staffId: null, at });
        const record = await repo.record(created.id);
        if (!record) throw new Error('the claim was not written');
        await tellAboutClaim(tx, record, { status: 'submitted', answered: false }, at, publicUrl);
        return created.id;
      });
      return viewOf(db, id);
    },

    async list(memberId: number | null): Promise<WarrantyClaim[]> {
      if (memberId === null) throw unauthorised(CLAIM_TEXTS.signIn);
      const records = await rows.memberRecords(memberId);
      const extras = await claimExtras(db, records);
      return records.map((record) => memberClaimView(record, extras(record)));
    },

    async get(memberId: number | null, id: number): Promise<WarrantyClaim> {
      if (memberId === null) throw unauthorised(CLAIM_TEXTS.signIn);
      const record = await rows.record(id);
      if (!record || record.claim.memberId !== memberId) throw notFound();
      return viewOf(db, id);
    },

    /** The member's answer to staff's question: information requested → submitted, with a mail and push. */
    async reply(memberId: number | null, id: number, message: string): Promise<WarrantyClaim> {
      if (memberId === null) throw unauthorised(CLAIM_TEXTS.signIn);
      const at = now();
      await db.transaction(async (tx) => {
        const repo = createClaimsRepository(tx);
        const claim = await repo.lockClaim(id);
        if (!claim || claim.memberId !== memberId) throw notFound();
        if (claim.status !== 'information_requested') throw conflict(CLAIM_TEXTS.notAwaitingAnswer);
        await repo.updateClaim(id, { status: 'submitted', updatedAt: at });
        await repo.insertStep({ claimId: id, fromStatus: claim.status, toStatus: 'submitted', message, details: { by: 'member' }, staffId: null, at });
        const record = await repo.record(id);
        if (!record) throw notFound();
        await tellAboutClaim(tx, record, { status: 'submitted', answered: true }, at, publicUrl);
      });
      return viewOf(db, id);
    },

    /** A file of the member's own claim; 404 for anyone else's (or none). */
    async file(memberId: number | null, id: number, fileId: number): Promise<{ filename: string; contentType: string; data: Buffer }> {
      if (memberId === null) throw unauthorised(CLAIM_TEXTS.signIn);
      const file = await rows.file(id, fileId, memberId);
      if (!file) throw notFound();
      return file;
    },
  };
}
export type ClaimsService = ReturnType<typeof createClaimsService>;
