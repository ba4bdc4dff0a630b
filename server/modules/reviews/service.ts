/**
 * Reviews from real buyers (issue 32). A member reviews the part type of an order line of theirs
 * once the order is delivered, once per line; the review waits for content staff, who approve it
 * (then part pages of that type show it: the catalogue reads approved ones) or reject it with a
 * reason the member reads in their account. Approving raises the catalogue's stock version in the
 * same transaction, so no kept product page or review list outlives the decision.
 */
import type { AdminReview } from '../../../src/contract/admin-reviews';
import type { MemberReview, ReviewBody } from '../../../src/contract/reviews';
import { ORDER_STATUS } from '../../../src/domain/orders';
import type { Database } from '../../db/client';
import { conflict, notFound, unauthorised } from '../../errors';
import { productPagesChanged, stockChangedHere } from '../catalogue/index';
import { type BuyerReviewRow, type BuyerReviewStatus, createReviewRepository, type ModerationRow } from './repository';

export const REVIEW_MESSAGES = {
  signInRequired: 'Sign in to review the parts you bought.',
  noSuchLine: 'No such order line among your orders: only a buyer of the part can review it.',
  notDelivered: 'You can review this part once your order has been delivered.',
  alreadyReviewed: 'You have already reviewed this part.',
  sent: 'Thank you: your review will be shown once we have checked it.',
  approved: 'Review approved: part pages show it now.',
  rejected: 'Review rejected.',
  alreadyDecided: 'This review has been decided already.',
} as const;

/** A change of a review for the audit log (what back-office/staff's audit takes). */
export interface ReviewAuditChange {
  action: string;
  entity: string;
  entityId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
export type ReviewAudit = (tx: Database, change: ReviewAuditChange) => Promise<void>;

function memberRecord(row: BuyerReviewRow): MemberReview {
  return {
    id: row.id,
    order_product_id: row.orderProductId,
    rate: row.rate,
    title: row.title,
    content: row.content,
    status: row.status,
    reject_reason: row.rejectReason,
    created: row.createdAt.toISOString(),
  };
}

function adminRecord(row: ModerationRow): AdminReview {
  return {
    id: row.id,
    status: row.status,
    rate: row.rate,
    title: row.title,
    content: row.content,
    created: row.createdAt.toISOString(),
    first_name: row.firstName,
    order_number: row.orderNumber,
    part_name: row.partName,
    tag: row.tag,
    reject_reason: row.rejectReason,
    moderated_at: row.moderatedAt?.toISOString() ?? null,
  };
}

export function createReviewService({ db, now }: { db: Database; now: () => Date }) {
  const reviews = createReviewRepository(db);

  function signedIn(memberId: number | null | undefined): number {
    if (memberId == null) throw unauthorised(REVIEW_MESSAGES.signInRequired);
    return memberId;
  }

  return {
    async mine(memberId: number | null | undefined): Promise<MemberReview[]> {
      return (await reviews.ofMember(signedIn(memberId))).map(memberRecord);
    },

    /** The member's review of their line `orderProductId`: 404 not theirs, 409 not delivered or reviewed already. */
    async create(memberId: number | null | undefined, orderProductId: number, body: ReviewBody): Promise<MemberReview> {
      const member = signedIn(memberId);
      const line = await reviews.line(orderProductId);
      if (!line || line.memberId !== member) throw notFound(REVIEW_MESSAGES.noSuchLine);
      if (line.memberIsGuest) throw unauthorised(REVIEW_MESSAGES.signInRequired);
      if (line.orderStatusId !== ORDER_STATUS.DELIVERED) throw conflict(REVIEW_MESSAGES.notDelivered);
      const row = await reviews.insert({
        orderProductId,
        memberId: member,
        partId: line.partId,
        partTypeId: line.partTypeId,
        rate: body.rate,
        title: body.title,
        content: body.content,
        createdAt: now(),
      });
      if (!row) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
      return memberRecord(row);
    },
  };
}

/** Content staff's moderation; each decision is audited in its transaction. */
export function createReviewModerationService({ db, now }: { db: Database; now: () => Date }) {
  async function decide(id: number, staffId: number, decision: { status: 'approved' | 'rejected'; rejectReason: string | null }, audit: ReviewAudit): Promise<AdminReview> {
    const record = await db.transaction(async (tx) => {
      const reviews = createReviewRepository(tx);
      const before = await reviews.lock(id);
      if (!before) throw notFound();
      if (before.status !== 'pending') throw conflict(REVIEW_MESSAGES.alreadyDecided);
      await reviews.decide(id, { ...decision, at: now(), staffId });
      if (decision.status === 'approved') await productPagesChanged(tx);
      const after = await reviews.byId(id);
      if (!after) throw notFound();
      await audit(tx, {
        action: `review.${decision.status === 'approved' ? 'approve' : 'reject'}`,
        entity: 'review',
        entityId: String(id),
        before: { status: before.status },
        after: { status: after.status, reject_reason: after.rejectReason },
      });
      return adminRecord(after);
    });
    if (decision.status === 'approved') await stockChangedHere();
    return record;
  }

  return {
    async list(status: BuyerReviewStatus): Promise<{ records: AdminReview[]; counts: Record<BuyerReviewStatus, number> }> {
      const reviews = createReviewRepository(db);
      const [rows, counts] = await Promise.all([reviews.withStatus(status), reviews.countsByStatus()]);
      return { records: rows.map(adminRecord), counts };
    },
    approve: (id: number, staffId: number, audit: ReviewAudit) => decide(id, staffId, { status: 'approved', rejectReason: null }, audit),
    reject: (id: number, staffId: number, reason: string, audit: ReviewAudit) => decide(id, staffId, { status: 'rejected', rejectReason: reason }, audit),
  };
}
