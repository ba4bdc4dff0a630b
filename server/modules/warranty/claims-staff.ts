/**
 * Warranty claims as the back office works on them, through warranty/index.ts (the SQL stays in
 * claims-repository.ts): the queue, a claim's page and files, and the writes of a step (the
 * claim's status and settlement, its history) with the member's mail and push. Every part runs on
 * the handle given, so a step, its audit entry, mail and push commit together.
 */
import { type ClaimStatus } from '../../../src/domain/warranty-claims';
import type { Database } from '../../db/client';
import { claimExtras, claimRowView, type ClaimNews, staffClaimView, tellAboutClaim } from './claim-views';
import { type ClaimRow, createClaimsRepository } from './claims-repository';

export type { ClaimNews } from './claim-views';
export type { ClaimRow } from './claims-repository';

export function createClaimStaffService(db: Database, publicUrl: string) {
  const repo = createClaimsRepository(db);
  return {
    countClaims: repo.countClaims,
    claimCounts: repo.claimCounts,

    async pageRows(statuses: readonly ClaimStatus[], limit: number, offset: number) {
      return (await repo.pageRecords(statuses, limit, offset)).map(claimRowView);
    },

    /** The claim's page with its order's id and line's price (for the refund), or null. */
    async view(id: number) {
      const record = await repo.record(id);
      if (!record) return null;
      const view = await staffClaimView(db, record, (await claimExtras(db, [record]))(record));
      return { view, orderId: record.order.id, lineId: record.line.id, lineValue: record.line.grossValue };
    },

    file: (id: number, fileId: number) => repo.file(id, fileId),

    lockClaim: (id: number): Promise<ClaimRow | null> => repo.lockClaim(id),

    /** Writes (or with null, clears) the key of the refund an approval asked for. */
    setRefundKey: (id: number, key: string | null) => repo.updateClaim(id, { refundKey: key }),

    /**
     * Writes a step on the locked claim: its status (and settlement), the history row with what
     * the member reads, and the member's mail and push.
     */
    async writeStep(
      claim: ClaimRow,
      step: { to: ClaimStatus; message: string; staffId: number | null; at: Date; details: Record<string, unknown>; settlement?: Pick<ClaimRow, 'settlement' | 'settlementAmount' | 'replacementOrderId'> },
      news: ClaimNews,
    ): Promise<void> {
      await repo.updateClaim(claim.id, { status: step.to, updatedAt: step.at, ...step.settlement });
      await repo.insertStep({ claimId: claim.id, fromStatus: claim.status, toStatus: step.to, message: step.message, details: step.details, staffId: step.staffId, at: step.at });
      const record = await repo.record(claim.id);
      if (!record) throw new Error('the claim is gone');
      await tellAboutClaim(db, record, news, step.at, publicUrl);
    },
  };
}

export type ClaimStaffService = ReturnType<typeof createClaimStaffService>;
