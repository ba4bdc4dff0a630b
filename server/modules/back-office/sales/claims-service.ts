/**
 * Warranty claims in the back office (issue 32): the queue by status, a claim's page (the line,
 * its certificate, the fitment snapshot, the answers and the evidence) and the steps of
 * src/domain/warranty-claims.ts, through warranty/index.ts. Each step locks the claim, checks the
 * rule, writes the step with its message, one audit entry and the member's mail and push.
 *
 * Approving settles the claim: a refund or a labour contribution (at most the configured cap) is
 * made through the payment provider by the orders' refund (once per key) and the claim is approved
 * in the transaction that records the refund made; a replacement is a part on sale sent as an
 * order at no cost (orders/index.ts), made in the approval's transaction.
 */
import type { Paginator } from '../../../../src/contract/catalogue';
import { ADMIN_QUEUE_PAGE_SIZE } from '../../../../src/contract/admin-sales';
import type { AdminClaim } from '../../../../src/contract/warranty-claims';
import { formatMoney } from '../../../../src/domain/money';
import { pageCountFor } from '../../../../src/domain/paginator';
import { CLAIM_STATUSES, type ClaimSettlement, type ClaimStatus, type ClaimStep, checkClaimStep, nextClaimSteps, OPEN_CLAIM_STATUSES } from '../../../../src/domain/warranty-claims';
import type { Database } from '../../../db/client';
import { conflict, invalidField, notFound } from '../../../errors';
import { createReplacementOrder } from '../../orders/index';
import { type ClaimNews, type ClaimRow, createClaimStaffService } from '../../warranty/index';
import type { Actor, OrdersService, RefundFinish, SalesDeps } from './orders-service';
import { createSalesAccess } from './sales-access';

const NO_CLAIM = 'There is no warranty claim with this number.';

export interface ClaimApproval {
  settlement: ClaimSettlement;
  amount?: number | undefined;
  idempotencyKey?: string | undefined;
  replacementTag?: string | undefined;
  message?: string | undefined;
}

export function createClaimsAdminService(deps: SalesDeps, orders: OrdersService, labourCap: number) {
  const { db, clock, publicUrl } = deps;
  const staffService = (handle: Database) => createClaimStaffService(handle, publicUrl);

  async function view(id: number): Promise<AdminClaim> {
    const found = await staffService(db).view(id);
    if (!found) throw notFound(NO_CLAIM);
    const sales = createSalesAccess(db);
    const [payment, refunded] = await Promise.all([sales.paymentOf(found.orderId), sales.refundedOrPending(found.orderId)]);
    const left = payment ? payment.amount - Math.max(payment.refundedAmount, refunded) : 0;
    return { ...found.view, next_steps: nextClaimSteps(found.view.status), refundable: Math.max(0, Math.min(found.lineValue, left)), labour_cap: labourCap };
  }

  /** Writes one step of a claim on `tx`: locked, checked, written, audited and told. */
  async function writeStep(
    tx: Database,
    id: number,
    step: ClaimStep,
    who: Actor,
    news: ClaimNews,
    message: string,
    extra: { details?: Record<string, unknown>; settlement?: Pick<ClaimRow, 'settlement' | 'settlementAmount' | 'replacementOrderId'> } = {},
  ): Promise<void> {
    const claims = staffService(tx);
    const claim = await claims.lockClaim(id);
    if (!claim) throw notFound(NO_CLAIM);
    const check = checkClaimStep(claim.status, step);
    if (!check.ok) throw conflict(check.message);
    const details = extra.details ?? {};
    await claims.writeStep(claim, { to: check.to, message, staffId: who.staffId, at: clock(), details, ...(extra.settlement ? { settlement: extra.settlement } : {}) }, news);
    await who.audit(tx, { action: `warranty_claim.${step}`, entity: 'warranty_claim', entityId: String(id), before: { status: claim.status }, after: { status: check.to, ...details } });
  }

  /** Refused before any money moves or part is sold; checked again under the lock with the step. */
  async function checkCanApprove(id: number): Promise<{ orderId: number; lineValue: number }> {
    const found = await staffService(db).view(id);
    if (!found) throw notFound(NO_CLAIM);
    const check = checkClaimStep(found.view.status, 'approve');
    if (!check.ok) throw conflict(check.message);
    return { orderId: found.orderId, lineValue: found.lineValue };
  }

  return {
    async list(query: { status?: ClaimStatus | 'open' | undefined; page?: number | undefined }) {
      const claims = staffService(db);
      const statuses = query.status === undefined || query.status === 'open' ? OPEN_CLAIM_STATUSES : [query.status];
      const total = await claims.countClaims(statuses);
      const pageCount = pageCountFor(total, ADMIN_QUEUE_PAGE_SIZE);
      const requested = query.page ?? 1;
      const page = Math.min(requested, Math.max(pageCount, 1));
      const records = requested > pageCount ? [] : await claims.pageRows(statuses, ADMIN_QUEUE_PAGE_SIZE, (page - 1) * ADMIN_QUEUE_PAGE_SIZE);
      const counts = await claims.claimCounts();
      const paginator: Paginator = { count: total, perPage: ADMIN_QUEUE_PAGE_SIZE, limit: ADMIN_QUEUE_PAGE_SIZE, pageCount, sort: 'updated', direction: 'ASC', page, requestedPage: requested };
      return { records, paginator, counts: Object.fromEntries(CLAIM_STATUSES.map((status) => [status, counts[status] ?? 0])) };
    },

    view,

    async file(id: number, fileId: number) {
      const file = await staffService(db).file(id, fileId);
      if (!file) throw notFound();
      return file;
    },

    async requestInformation(id: number, question: string, who: Actor): Promise<AdminClaim> {
      await db.transaction((tx) => writeStep(tx, id, 'request_information', who, { status: 'information_requested', question }, question, { details: { question } }));
      return view(id);
    },

    async reject(id: number, reason: string, who: Actor): Promise<AdminClaim> {
      await db.transaction((tx) => writeStep(tx, id, 'reject', who, { status: 'rejected', reason }, reason, { details: { reason } }));
      return view(id);
    },

    async close(id: number, who: Actor): Promise<AdminClaim> {
      await db.transaction((tx) => writeStep(tx, id, 'close', who, { status: 'closed' }, ''));
      return view(id);
    },

    /** Approves the claim with its settlement; answers the page and whether a refund was answered again (same key). */
    async approve(id: number, input: ClaimApproval, who: Actor): Promise<{ view: AdminClaim; replayed: boolean }> {
      const message = input.message ?? '';
      if (input.settlement === 'replacement') {
        const tag = input.replacementTag;
        if (!tag) throw invalidField('replacement_tag', 'Give the replacement part’s reference.');
        await checkCanApprove(id);
        await db.transaction(async (tx) => {
          const claims = staffService(tx);
          const claim = await claims.lockClaim(id);
          if (!claim) throw notFound(NO_CLAIM);
          const check = checkClaimStep(claim.status, 'approve');
          if (!check.ok) throw conflict(check.message);
          const made = await createReplacementOrder(tx, { fromOrderId: claim.orderId, fromLineId: claim.orderProductId, tag, at: clock() });
          if (!made) throw invalidField('replacement_tag', `${tag} is not on sale: choose a part that is.`);
          await writeStep(tx, id, 'approve', who, { status: 'approved', settlement: 'replacement', amount: null, replacementOrder: made.number, message }, message || `A replacement part is on its way: order ${made.number}.`, {
            details: { settlement: 'replacement', replacement_order: made.number, replacement_tag: tag },
            settlement: { settlement: 'replacement', settlementAmount: null, replacementOrderId: made.id },
          });
        });
        return { view: await view(id), replayed: false };
      }

      const { amount, idempotencyKey } = input;
      if (amount === undefined) throw invalidField('amount', 'Enter the amount to refund.');
      if (!idempotencyKey) throw invalidField('idempotency_key', 'A refund key is needed.');
      if (input.settlement === 'labour' && amount > labourCap) throw invalidField('amount', `A labour contribution is at most ${formatMoney(labourCap)}.`);
      const replay = await createSalesAccess(db).refundByKey(idempotencyKey);
      const { orderId, lineValue } = replay ? { orderId: replay.orderId, lineValue: Number.POSITIVE_INFINITY } : await checkCanApprove(id);
      if (input.settlement === 'refund' && amount > lineValue) throw invalidField('amount', `A refund under the warranty is at most the part’s price, ${formatMoney(lineValue)}.`);
      const settlement = input.settlement;
      const finish: RefundFinish = async (tx, made) => {
        await writeStep(tx, id, 'approve', who, { status: 'approved', settlement, amount: made.amount, replacementOrder: null, message }, message || `We have refunded ${formatMoney(made.amount)}.`, {
          details: { settlement, amount: made.amount, order_refunded_in_full: made.full },
          settlement: { settlement, settlementAmount: made.amount, replacementOrderId: null },
        });
      };
      // A claim is refunded once: its refund's key is written on it before the provider is asked,
      // and another approval under another key is refused while it stands (a refusal clears it).
      const asked = await db.transaction(async (tx) => {
        const claims = staffService(tx);
        const claim = await claims.lockClaim(id);
        if (!claim) throw notFound(NO_CLAIM);
        if (claim.refundKey === idempotencyKey) return { key: idempotencyKey, amount };
        if (claim.refundKey) {
          // Made meanwhile under the first key (finished by the reconciler): the claim is approved with that refund.
          const earlier = await createSalesAccess(tx).refundByKey(claim.refundKey);
          if (earlier?.state === 'succeeded') return { key: claim.refundKey, amount: earlier.amount };
          throw conflict('A refund of this claim is being made already: wait a moment and look at the claim again.');
        }
        const check = checkClaimStep(claim.status, 'approve');
        if (!check.ok) throw conflict(check.message);
        await claims.setRefundKey(id, idempotencyKey);
        return { key: idempotencyKey, amount };
      });
      let outcome: Awaited<ReturnType<OrdersService['refund']>>;
      try {
        outcome = await orders.refund(orderId, { amount: asked.amount, idempotencyKey: asked.key, returnId: null }, who, finish);
      } catch (error) {
        // Nothing was refunded (refused by the rules or the provider): the claim may be refunded under another key.
        if (!(await createSalesAccess(db).refundByKey(asked.key))) await staffService(db).setRefundKey(id, null);
        throw error;
      }
      // A refund made earlier under this key but not yet on the claim (finished by the reconciler as
      // the order's refund): the claim is approved now with it.
      if (outcome.replayed) {
        await db.transaction(async (tx) => {
          const claim = await staffService(tx).lockClaim(id);
          if (claim && checkClaimStep(claim.status, 'approve').ok) await finish(tx, { ...outcome, before: { status: '', refunded: 0 }, total: 0 });
        });
      }
      return { view: await view(id), replayed: outcome.replayed };
    },
  };
}
