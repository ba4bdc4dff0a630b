/**
 * SQL of buyers' reviews (issue 32): the order line a member may review, their reviews, the
 * moderation queue and its decisions, and the review invitations' claims. The order lines,
 * orders, members and parts are read here, never written.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyerReviews, members, orderProducts, orders, reviewInvitations } from '../../db/schema';
import { rowsOf } from '../../db/rows';

export type BuyerReviewRow = typeof buyerReviews.$inferSelect;
export type BuyerReviewStatus = BuyerReviewRow['status'];

/** A review with what the back office shows beside it. */
export type ModerationRow = BuyerReviewRow & { firstName: string; orderNumber: string; partName: string; tag: string };

/** An order line as the review check needs it: whose order, its status and the bought part's type. */
export interface ReviewableLine {
  id: number;
  memberId: number;
  /** A checkout guest's order: no account to review from. */
  memberIsGuest: boolean;
  orderStatusId: number;
  partId: number;
  partTypeId: number | null;
}

/** A delivered order whose invitation has just been claimed, with what its mail says. */
export interface InvitedOrder {
  orderId: number;
  number: string;
  email: string;
  firstName: string;
  lines: string[];
}

const moderationColumns = {
  review: buyerReviews,
  firstName: members.firstName,
  orderNumber: orders.number,
  partName: orderProducts.name,
  tag: orderProducts.tag,
};

export function createReviewRepository(db: Database) {
  const moderationRows = () =>
    db
      .select(moderationColumns)
      .from(buyerReviews)
      .innerJoin(members, eq(members.id, buyerReviews.memberId))
      .innerJoin(orderProducts, eq(orderProducts.id, buyerReviews.orderProductId))
      .innerJoin(orders, eq(orders.id, orderProducts.orderId));
  const flat = (row: { review: BuyerReviewRow; firstName: string; orderNumber: string; partName: string; tag: string }): ModerationRow => ({
    ...row.review,
    firstName: row.firstName,
    orderNumber: row.orderNumber,
    partName: row.partName,
    tag: row.tag,
  });

  return {
    /** The order line with its order's owner and status, and the part type of the part bought (null once the part is gone). */
    async line(orderProductId: number): Promise<ReviewableLine | undefined> {
      const [row] = await rowsOf<ReviewableLine>(
        db,
        sql`SELECT op.id, o.member_id AS "memberId", m.is_guest AS "memberIsGuest", o.status_id AS "orderStatusId", op.part_id AS "partId", p.part_type_id AS "partTypeId"
            FROM order_products op JOIN orders o ON o.id = op.order_id JOIN members m ON m.id = o.member_id LEFT JOIN parts p ON p.id = op.part_id
            WHERE op.id = ${orderProductId}`,
      );
      return row;
    },

    /** Stores the review unless the line has one already (the unique line refuses a racing second): the row, or undefined. */
    async insert(review: typeof buyerReviews.$inferInsert): Promise<BuyerReviewRow | undefined> {
      const [row] = await db.insert(buyerReviews).values(review).onConflictDoNothing({ target: buyerReviews.orderProductId }).returning();
      return row;
    },

    async ofLine(orderProductId: number): Promise<BuyerReviewRow | undefined> {
      const [row] = await db.select().from(buyerReviews).where(eq(buyerReviews.orderProductId, orderProductId));
      return row;
    },

    async ofMember(memberId: number): Promise<BuyerReviewRow[]> {
      return db.select().from(buyerReviews).where(eq(buyerReviews.memberId, memberId)).orderBy(desc(buyerReviews.createdAt), desc(buyerReviews.id));
    },

    /** The reviews of one status, oldest first: the queue is worked from its oldest. */
    async withStatus(status: BuyerReviewStatus): Promise<ModerationRow[]> {
      const rows = await moderationRows().where(eq(buyerReviews.status, status)).orderBy(asc(buyerReviews.createdAt), asc(buyerReviews.id));
      return rows.map(flat);
    },

    async countsByStatus(): Promise<Record<BuyerReviewStatus, number>> {
      const rows = await db.select({ status: buyerReviews.status, n: count() }).from(buyerReviews).groupBy(buyerReviews.status);
      const counts: Record<BuyerReviewStatus, number> = { pending: 0, approved: 0, rejected: 0 };
      for (const row of rows) counts[row.status] = row.n;
      return counts;
    },

    async byId(id: number): Promise<ModerationRow | undefined> {
      const [row] = await moderationRows().where(eq(buyerReviews.id, id));
      return row ? flat(row) : undefined;
    },

    /** Locks the review for a decision (FOR UPDATE): two staff deciding at once decide once. */
    async lock(id: number): Promise<BuyerReviewRow | undefined> {
      const [row] = await db.select().from(buyerReviews).where(eq(buyerReviews.id, id)).for('update');
      return row;
    },

    async decide(id: number, decision: { status: 'approved' | 'rejected'; rejectReason: string | null; at: Date; staffId: number }): Promise<void> {
      await db
        .update(buyerReviews)
        .set({ status: decision.status, rejectReason: decision.rejectReason, moderatedAt: decision.at, moderatedBy: decision.staffId })
        .where(and(eq(buyerReviews.id, id), eq(buyerReviews.status, 'pending')));
    },

    /**
     * A deleted account's reviews: those still waiting for moderation go (nobody has decided
     * them, and the member can no longer withdraw them); approved ones stay, shown under the
     * member row's emptied first name, and rejected ones stay as the staff's decision. Answers
     * whether the member has an approved review (part pages show it).
     */
    async eraseMember(memberId: number): Promise<{ shown: boolean }> {
      await db.delete(buyerReviews).where(and(eq(buyerReviews.memberId, memberId), eq(buyerReviews.status, 'pending')));
      const [shown] = await db
        .select({ id: buyerReviews.id })
        .from(buyerReviews)
        .where(and(eq(buyerReviews.memberId, memberId), eq(buyerReviews.status, 'approved')))
        .limit(1);
      return { shown: shown !== undefined };
    },

    /**
     * Claims the invitations of up to `limit` orders delivered between `from` and `to` (by their
     * shipment's delivered time) and not yet invited: the inserted rows are the claim, so two
     * rounds side by side, in one process or several, claim each order once (ON CONFLICT DO
     * NOTHING; the loser's insert waits for the winner's commit, then skips). Answers the claimed
     * orders with what their mail says. A guest's order has no account to review from: never invited.
     */
    async claimInvitations({ from, to, at, limit, deliveredStatusId }: { from: Date; to: Date; at: Date; limit: number; deliveredStatusId: number }): Promise<InvitedOrder[]> {
      const claimed = await rowsOf<{ orderId: number }>(
        db,
        sql`INSERT INTO ${reviewInvitations} (order_id, sent_at)
            SELECT o.id, ${at.toISOString()}::timestamptz FROM orders o JOIN order_shipments s ON s.order_id = o.id JOIN members m ON m.id = o.member_id
            WHERE m.is_guest = false AND o.status_id = ${deliveredStatusId} AND s.delivered_at > ${from.toISOString()}::timestamptz AND s.delivered_at <= ${to.toISOString()}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM review_invitations i WHERE i.order_id = o.id)
            ORDER BY s.delivered_at, o.id LIMIT ${limit}
            ON CONFLICT (order_id) DO NOTHING
            RETURNING order_id AS "orderId"`,
      );
      if (claimed.length === 0) return [];
      return rowsOf<InvitedOrder>(
        db,
        sql`SELECT o.id AS "orderId", o.number, o.email, m.first_name AS "firstName",
                   array(SELECT op.name FROM order_products op WHERE op.order_id = o.id ORDER BY op.id) AS lines
            FROM orders o JOIN members m ON m.id = o.member_id
            WHERE o.id = ANY(${sql.param(claimed.map((row) => row.orderId))}::int[]) ORDER BY o.id`,
      );
    },
  };
}
