/**
 * Returns (issue 15, SPEC §2 'Request Return', §4 return statuses): the reasons and their forms,
 * and a member's request to return one line of their own paid order, within the returns window,
 * one open return per line. The return, its photos (already re-encoded: photos.ts) and the
 * confirmation e-mail are written in one transaction, so any failure stores nothing.
 */
import * as z from 'zod/mini';
import { orderHashSchema } from '../../../src/contract/orders';
import { RETURN_CREATE_KEYS } from '../../../src/contract/returns';
import type { FieldErrors } from '../../../src/contract/envelope';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { isPaidStatus } from '../../../src/domain/order-fulfilment';
import { formatMoney } from '../../../src/domain/money';
import { isRefundedInFull, ORDER_STATUS, type ReturnStatus, returnStatus } from '../../../src/domain/orders';
import {
  isPhotoField,
  RETURN_PHOTOS_MAX,
  returnAnswers,
  returnFormProblems,
  type ReturnFormField,
  type ReturnReasonDetails,
  returnsWindow,
  visibleReturnFields,
} from '../../../src/domain/return-form';
import type { Database } from '../../db/client';
import { conflict, invalid, notFound, unauthorised } from '../../errors';
import { createIdempotency, type IdempotencyScope } from '../../http/idempotency';
import { addProblem, formIds, wholeIdField } from '../../http/upload-form';
import { createOutboxMailer } from '../../integrations/mail';
import type { StoredPhoto } from '../../http/photos';
import { refundedOfLines } from './line-refunds';
import { createReturnsRepository } from './repository';

/** A photo as the upload step left it: the field it answers, the file's name, the shop's copy. */
export interface ReceivedPhoto {
  field: string;
  filename: string;
  photo: StoredPhoto;
}

/** POST /returns/create as read from the multipart body. */
export interface ReturnRequest {
  /** Text parts by name (the first of each name). */
  fields: Readonly<Record<string, string>>;
  photos: readonly ReceivedPhoto[];
  /** Files the upload step refused already (each message names its file), by field. */
  uploadProblems: FieldErrors;
}

export interface ReturnsOptions {
  db: Database;
  now: () => Date;
  windowDays: number;
  /** Where the member follows their returns (the e-mail's link). */
  ordersUrl: string;
}

/** The e-mail's lines for the questions answered, e.g. '  Vehicle registration: AB12CDE'. */
function answerLines(fields: readonly ReturnFormField[], answers: Record<string, string>): string {
  return fields
    .filter((field) => answers[field.name] !== undefined)
    .map((field) => {
      const answer = answers[field.name] ?? '';
      const choice = field.options?.find((option) => option.value === answer);
      return `  ${field.label}: ${choice?.label ?? answer}\n`;
    })
    .join('');
}

export function createReturnsService({ db, now, windowDays, ordersUrl }: ReturnsOptions) {
  const rows = createReturnsRepository(db);

  return {
    reasons: () => rows.activeReasons(),

    async reason(id: number): Promise<ReturnReasonDetails> {
      const reason = await rows.activeReason(id);
      if (!reason) throw notFound();
      return { id: reason.id, name: reason.name, form_fields: reason.formFields };
    },

    /**
     * Creates the return. Checked in this order, each failure storing nothing: signed in (401);
     * the ids readable (422); the member's own order (404; a guest's order too: returns are for
     * members) and a line of it (404); paid and not refunded (409); the line's price not refunded
     * in full already, by a claim or a return (422 under order_product_id, naming it); within the returns window
     * (409); no open return for the line (409); the reason (422 under return_reason_id); the
     * form's visible required fields, choices and lengths, and the photos (422, by field).
     * Once per Idempotency-Key (the outbox sends a return started offline with one): a repeat is
     * answered the first answer, storing and mailing nothing.
     */
    async create(memberId: number | null, request: ReturnRequest, scope?: IdempotencyScope): Promise<{ answer: { id: number; status: ReturnStatus }; replayed: boolean }> {
      if (memberId === null) throw unauthorised(t('return.sign_in'));
      const idempotency = createIdempotency(db);
      const earlier = await idempotency.replay<{ id: number; status: ReturnStatus }>(scope);
      if (earlier) return { answer: earlier, replayed: true };
      const { fields } = request;
      const { order_id: hash, order_product_id: lineId, return_reason_id: reasonId } = formIds(
        z.object({ order_id: orderHashSchema, order_product_id: wholeIdField, return_reason_id: z.optional(wholeIdField) }),
        { order_id: fields[RETURN_CREATE_KEYS.order] ?? '', order_product_id: fields[RETURN_CREATE_KEYS.line] ?? '', return_reason_id: fields[RETURN_CREATE_KEYS.reason] || undefined },
      );
      const at = now();

      return idempotency.once(scope, async (tx) => {
        const repo = createReturnsRepository(tx);
        const owned = await repo.memberOrder(hash, memberId);
        if (!owned) throw notFound();
        const { order } = owned;
        const line = await repo.lockLine(order.id, lineId);
        if (!line) throw notFound();
        if (order.statusId === ORDER_STATUS.REFUNDED) throw conflict(t('return.refunded'));
        // Paid, and perhaps picked, dispatched or delivered since: a part is returned once it has arrived.
        if (!isPaidStatus(order.statusId) || !order.paidAt) throw conflict(t('return.not_paid'));
        // A line whose whole price came back already (a claim's refund, a return's) is not returned for it again.
        const refunded = (await refundedOfLines(tx, [line.id])).get(line.id) ?? 0;
        if (isRefundedInFull({ gross_value: line.grossValue, refunded })) {
          throw invalid({ [RETURN_CREATE_KEYS.line]: [t('return.line_refunded', { part: line.name, amount: formatMoney(refunded) })] });
        }
        const window = returnsWindow(order.paidAt, windowDays, at);
        if (!window.open) throw conflict(t('return.window_closed', { date: window.lastDayText }));
        const open = await repo.openReturnOfLine(line.id);
        if (open) throw conflict(t('return.already_open', { status: returnStatus(open.status)?.label ?? open.status }));

        const reason = reasonId === undefined ? null : await repo.activeReason(reasonId);
        if (!reason) throw invalid({ [RETURN_CREATE_KEYS.reason]: [t('return.info')] });

        // The form's rule (the modal's too), with the photos counted per field.
        const values: Record<string, string | readonly unknown[]> = { ...fields };
        const byField = new Map<string, ReceivedPhoto[]>();
        for (const received of request.photos) byField.set(received.field, [...(byField.get(received.field) ?? []), received]);
        for (const field of reason.formFields.filter(isPhotoField)) {
          // A refused file still counts as chosen: its own message says what is wrong with it.
          const refused = request.uploadProblems[field.name]?.length ?? 0;
          values[field.name] = [...(byField.get(field.name) ?? []), ...Array.from({ length: refused })];
        }
        const problems: FieldErrors = returnFormProblems(reason.formFields, values);
        for (const [field, messages] of Object.entries(request.uploadProblems)) for (const message of messages) addProblem(problems, field, message);

        const visible = new Map(visibleReturnFields(reason.formFields, values).map((field) => [field.name, field]));
        const formPhotoFields = new Set(reason.formFields.filter(isPhotoField).map((field) => field.name));
        const kept: ReceivedPhoto[] = [];
        for (const [name, received] of byField) {
          const field = visible.get(name);
          if (!formPhotoFields.has(name)) {
            for (const photo of received) addProblem(problems, name, t('return.photo_unknown_field', { file: photo.filename }));
            continue;
          }
          // A photo for a question hidden by the answers is not asked for, so it is not kept.
          if (!field) continue;
          if (field.type === 'image') for (const photo of received.slice(1)) addProblem(problems, name, t('return.photo_one_only', { file: photo.filename }));
          kept.push(...received);
        }
        if (kept.length > RETURN_PHOTOS_MAX) addProblem(problems, kept[RETURN_PHOTOS_MAX]?.field ?? 'photos', t('return.photo_too_many', { max: RETURN_PHOTOS_MAX, file: kept[RETURN_PHOTOS_MAX]?.filename ?? '' }));
        if (Object.keys(problems).length > 0) throw invalid(problems);

        const answers: Record<string, string | number[]> = returnAnswers(reason.formFields, values);
        const created = await repo.insertReturn({
          orderId: order.id,
          orderProductId: line.id,
          memberId,
          returnReasonId: reason.id,
          status: 'AWAITING_REVIEW',
          answers,
          createdAt: at,
          updatedAt: at,
        });
        // Another request for the line won the race between the check above and this insert.
        if (!created) throw conflict(t('return.already_open', { status: t('return_status.AWAITING_REVIEW') }));
        for (const { field, photo } of kept) {
          const fileId = await repo.insertFile({ returnId: created.id, field, contentType: photo.contentType, width: photo.width, height: photo.height, data: photo.data, createdAt: at });
          answers[field] = [...((answers[field] as number[] | undefined) ?? []), fileId];
        }
        if (kept.length > 0) await repo.setAnswers(created.id, answers);

        const status = returnStatus(created.status)?.label ?? created.status;
        await createOutboxMailer(tx).send({
          to: owned.email,
          subject: t('return.mail_subject', { number: order.number }),
          text: t('return.mail_text', {
            name: owned.firstName,
            number: order.number,
            part: line.name,
            reason: reason.name,
            answers: answerLines(reason.formFields, returnAnswers(reason.formFields, values)),
            photos: kept.length,
            reference: `R-${String(created.id).padStart(6, '0')}`,
            status,
            url: ordersUrl,
          }),
        });
        return { id: created.id, status: created.status };
      });
    },

    /** A photo of the member's own return; 404 for anyone else's (or none). */
    async file(memberId: number | null, returnId: number, fileId: number): Promise<{ contentType: string; data: Buffer }> {
      if (memberId === null) throw unauthorised(t('return.sign_in'));
      const file = await rows.memberFile(memberId, returnId, fileId);
      if (!file) throw notFound();
      return file;
    },

    /** The latest return of each order line (the order list's has_return and return). */
    latestOfLines: (lineIds: readonly number[]) => rows.latestOfLines(lineIds),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
