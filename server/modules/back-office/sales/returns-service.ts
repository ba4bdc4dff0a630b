/**
 * Returns in the back office: the queue by status, a return's page (the customer's answers and
 * photos, the order line, the steps so far) and the steps of src/domain/return-steps.ts. Each step
 * locks the return, checks the rule, records the step with what came with it (instructions and a
 * label or address, a rejection's reason), writes one audit entry and mails the customer. The
 * refund goes through the orders' refund (the payment provider, idempotent) and moves the return to
 * REFUNDED in the same transaction that records the refund as made.
 */
import type { AdminReturn } from '../../../../src/contract/admin-sales';
import { ADMIN_QUEUE_PAGE_SIZE } from '../../../../src/contract/admin-sales';
import type { Paginator } from '../../../../src/contract/catalogue';
import { orderStatusDisplay, RETURN_STATUSES, type ReturnStatus, returnStatus } from '../../../../src/domain/orders';
import { pageCountFor } from '../../../../src/domain/paginator';
import { checkReturnStep, nextReturnSteps, type ReturnStep } from '../../../../src/domain/return-steps';
import type { Database } from '../../../db/client';
import { conflict, notFound } from '../../../errors';
import { tellAboutReturn, type ReturnMailContext, type ReturnNews } from './mails';
import type { Actor, OrdersService, RefundFinish, SalesDeps } from './orders-service';
import { createSalesAccess, type SalesAccess } from './sales-access';

const OPEN: readonly ReturnStatus[] = ['AWAITING_REVIEW', 'APROVED', 'IN_TRANSIT', 'DELIVERED'];

interface FormField {
  name: string;
  type: string;
  label: string;
  options?: { value: string; label: string }[];
}

const labelOf = (status: ReturnStatus) => returnStatus(status) ?? { status, label: status, colour: 'rgba(108, 117, 125, 1)' };

/** An answer as staff read it: an option's label, yes/no, a list joined; photos are shown apart. */
function answerText(field: FormField, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => answerText(field, item)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = value === null || value === undefined ? '' : String(value);
  return field.options?.find((option) => option.value === text)?.label ?? text;
}

async function returnView(repo: SalesAccess, id: number): Promise<AdminReturn> {
  const found = await repo.returnById(id);
  if (!found) throw notFound('There is no return with this number.');
  const { ret, order, line, reason, member } = found;
  const [photos, steps, refunded, payment] = await Promise.all([repo.filesOf(id), repo.stepsOf(id), repo.refundedOrPending(order.id), repo.paymentOf(order.id)]);
  const fields = (Array.isArray(reason.formFields) ? reason.formFields : []) as FormField[];
  const answers = ret.answers as Record<string, unknown>;
  const approved = [...steps].reverse().find(({ step }) => step.toStatus === 'APROVED')?.step.details as { instructions?: string; label_or_address?: string } | undefined;
  const rejected = [...steps].reverse().find(({ step }) => step.toStatus === 'REJECTED')?.step.details as { reason?: string } | undefined;
  const display = labelOf(ret.status);
  const left = payment ? payment.amount - Math.max(payment.refundedAmount, refunded) : 0;
  return {
    id: ret.id,
    status: ret.status,
    status_label: display.label,
    colour: display.colour,
    order_number: order.number,
    part_name: line.name,
    reason: reason.name,
    customer: `${member.firstName} ${member.lastName}`.trim(),
    created: ret.createdAt.toISOString(),
    updated: ret.updatedAt.toISOString(),
    email: member.email,
    order_status: { id: order.statusId, ...orderStatusDisplay(order.statusId) },
    line: { id: line.id, tag: line.tag, name: line.name, gross_value: line.grossValue, warranty_name: line.warrantyName },
    answers: fields
      .filter((field) => field.type !== 'div' && field.type !== 'image' && field.type !== 'images' && answers[field.name] !== undefined && answers[field.name] !== '')
      .map((field) => ({ name: field.name, label: field.label, value: answerText(field, answers[field.name]) })),
    photos: photos.map((photo) => ({ id: photo.id, field: photo.field, width: photo.width, height: photo.height })),
    instructions: approved?.instructions ?? null,
    label_or_address: approved?.label_or_address ?? null,
    rejection_reason: rejected?.reason ?? null,
    history: steps.map(({ step, staffName }) => ({ from: step.fromStatus, to: step.toStatus, staff_name: staffName, at: step.at.toISOString() })),
    next_steps: nextReturnSteps(ret.status),
    refund_amount: Math.max(0, Math.min(line.grossValue, left)),
  };
}

export function createReturnsAdminService(deps: SalesDeps, orders: OrdersService) {
  const { db, clock, publicUrl } = deps;

  async function contextOf(repo: SalesAccess, id: number): Promise<ReturnMailContext> {
    const found = await repo.returnById(id);
    if (!found) throw notFound('There is no return with this number.');
    return { to: found.member.email, name: found.member.firstName || 'there', partName: found.line.name, orderNumber: found.order.number, ordersUrl: `${publicUrl}/panel/client/orders` };
  }

  /** Writes one step of a return (its row, history, audit entry and mail) on `tx`; the return is locked. */
  async function writeStep(tx: Database, id: number, step: ReturnStep, who: Actor, news: ReturnNews, details: Record<string, unknown>): Promise<void> {
    const repo = createSalesAccess(tx);
    const ret = await repo.lockReturn(id);
    if (!ret) throw notFound('There is no return with this number.');
    const check = checkReturnStep(ret.status, step);
    if (!check.ok) throw conflict(check.message);
    const at = clock();
    await repo.setReturnStatus(id, check.to, at);
    await repo.recordReturnStep({ returnId: id, fromStatus: ret.status, toStatus: check.to, details, staffId: who.staffId, at });
    await who.audit(tx, { action: `return.${step}`, entity: 'return', entityId: String(id), before: { status: ret.status }, after: { status: check.to, ...details } });
    await tellAboutReturn(tx, news, await contextOf(repo, id));
  }

  /** A return's refund: the return moves to REFUNDED (its step, audit entry and mail) with the refund. */
  const refundFinish =
    (id: number, who: Actor): RefundFinish =>
    async (tx, made) => {
      await writeStep(tx, id, 'refund', who, { status: 'REFUNDED', amount: made.amount }, { amount: made.amount, order_refunded_in_full: made.full });
    };

  return {
    refundFinish,

    async list(query: { status?: ReturnStatus | 'open' | undefined; page?: number | undefined }) {
      const repo = createSalesAccess(db);
      const statuses = query.status === undefined || query.status === 'open' ? OPEN : [query.status];
      const total = await repo.countReturns(statuses);
      const pageCount = pageCountFor(total, ADMIN_QUEUE_PAGE_SIZE);
      const requested = query.page ?? 1;
      const page = Math.min(requested, Math.max(pageCount, 1));
      const rows = requested > pageCount ? [] : await repo.pageReturns(statuses, ADMIN_QUEUE_PAGE_SIZE, (page - 1) * ADMIN_QUEUE_PAGE_SIZE);
      const counts = await repo.returnCounts();
      const paginator: Paginator = { count: total, perPage: ADMIN_QUEUE_PAGE_SIZE, limit: ADMIN_QUEUE_PAGE_SIZE, pageCount, sort: 'updated', direction: 'ASC', page, requestedPage: requested };
      return {
        records: rows.map(({ ret, orderNumber, partName, reason, firstName, lastName }) => {
          const display = labelOf(ret.status);
          return {
            id: ret.id,
            status: ret.status,
            status_label: display.label,
            colour: display.colour,
            order_number: orderNumber,
            part_name: partName,
            reason,
            customer: `${firstName} ${lastName}`.trim(),
            created: ret.createdAt.toISOString(),
            updated: ret.updatedAt.toISOString(),
          };
        }),
        paginator,
        counts: Object.fromEntries(RETURN_STATUSES.map((status) => [status, counts[status] ?? 0])),
      };
    },

    view: (id: number) => returnView(createSalesAccess(db), id),

    async photo(id: number, fileId: number): Promise<{ contentType: string; data: Buffer }> {
      const file = await createSalesAccess(db).file(id, fileId);
      if (!file) throw notFound();
      return file;
    },

    async approve(id: number, input: { instructions: string; labelOrAddress: string }, who: Actor): Promise<AdminReturn> {
      await db.transaction((tx) =>
        writeStep(tx, id, 'approve', who, { status: 'APROVED', instructions: input.instructions, labelOrAddress: input.labelOrAddress }, { instructions: input.instructions, label_or_address: input.labelOrAddress }),
      );
      return returnView(createSalesAccess(db), id);
    },

    async reject(id: number, reason: string, who: Actor): Promise<AdminReturn> {
      await db.transaction(async (tx) => {
        // Its refund is with the provider: the money is moving, so the return is not rejected under it.
        const repo = createSalesAccess(tx);
        // Locked first, as a refund of it locks it: the two take turns.
        await repo.lockReturn(id);
        if ((await repo.refundOfReturn(id))?.state === 'pending') throw conflict('This return’s refund is being made: it cannot be rejected.');
        await writeStep(tx, id, 'reject', who, { status: 'REJECTED', reason }, { reason });
      });
      return returnView(createSalesAccess(db), id);
    },

    async move(id: number, step: 'in_transit' | 'delivered', who: Actor): Promise<AdminReturn> {
      await db.transaction((tx) => writeStep(tx, id, step, who, { status: step === 'in_transit' ? 'IN_TRANSIT' : 'DELIVERED' }, {}));
      return returnView(createSalesAccess(db), id);
    },

    /** DELIVERED → REFUNDED: `amount` of the order's payment refunded through the provider, once per key. */
    async refund(id: number, input: { amount: number; idempotencyKey: string }, who: Actor): Promise<{ view: AdminReturn; replayed: boolean }> {
      const repo = createSalesAccess(db);
      const found = await repo.returnById(id);
      if (!found) throw notFound('There is no return with this number.');
      // Refused before any money moves; the step is checked again under the lock with the refund.
      const check = checkReturnStep(found.ret.status, 'refund');
      const replay = await repo.refundByKey(input.idempotencyKey);
      if (!check.ok && !replay) throw conflict(check.message);
      const outcome = await orders.refund(found.order.id, { ...input, returnId: id }, who, refundFinish(id, who));
      return { view: await returnView(createSalesAccess(db), id), replayed: outcome.replayed };
    },
  };
}
