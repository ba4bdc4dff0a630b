import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, pushOutbox, pushSubscriptions } from '../../db/schema';

export type PushPayload = typeof pushOutbox.$inferSelect['payload'];
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** After this many failed sends a push stays unsent instead of being retried. */
export const MAX_PUSH_ATTEMPTS = 5;

export function createPushRepository(db: Database) {
  return {
    async isMember(id: number): Promise<boolean> {
      const [row] = await db.select({ isGuest: members.isGuest }).from(members).where(eq(members.id, id));
      return row !== undefined && !row.isGuest;
    },

    list(memberId: number): Promise<SubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId)).orderBy(desc(pushSubscriptions.id));
    },

    /** Adds the device, or updates it (and moves it to this member) when its endpoint is known. */
    async upsert(values: { memberId: number; endpoint: string; p256dh: string; auth: string; label: string; createdAt: Date }): Promise<SubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { memberId: values.memberId, p256dh: values.p256dh, auth: values.auth, label: values.label } })
        .returning();
      if (!row) throw new Error('push subscription not stored');
      return row;
    },

    async remove(memberId: number, id: number): Promise<boolean> {
      const removed = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.memberId, memberId))).returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    /**
     * A deleted account's devices go with every push queued for them, sent or not (a push says
     * what it was about: an order paid, parts for their vehicle). Run in the deletion's transaction.
     */
    async eraseMember(memberId: number): Promise<void> {
      const devices = db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
      await db.delete(pushOutbox).where(inArray(pushOutbox.subscriptionId, devices));
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
    },

    /** Its push service says it is gone (404/410): the subscription and its waiting pushes go. */
    async removeGone(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /** One push per device of the member; with a transaction's handle, written with what caused it. */
    async queue(memberId: number, payload: PushPayload, at: Date): Promise<number> {
      const devices = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
      if (devices.length === 0) return 0;
      await db.insert(pushOutbox).values(devices.map((device) => ({ subscriptionId: device.id, payload, createdAt: at })));
      return devices.length;
    },

    /**
     * Takes up to `limit` unsent pushes with their subscriptions by stamping sent_at first (as the
     * mail relay does): SKIP LOCKED lets several processes send at once without taking the same
     * push, and no transaction stays open while the push services are asked.
     */
    async claimUnsent(limit: number, at: Date) {
      const next = db
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(and(isNull(pushOutbox.sentAt), lt(pushOutbox.attempts, MAX_PUSH_ATTEMPTS)))
        .orderBy(asc(pushOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db.update(pushOutbox).set({ sentAt: at }).where(inArray(pushOutbox.id, next)).returning();
      if (claimed.length === 0) return [];
      const subscriptions = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((push) => push.subscriptionId))]));
      const byId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
      return claimed.flatMap((push) => {
        const subscription = byId.get(push.subscriptionId);
        return subscription ? [{ push, subscription }] : [];
      });
    },

    /** A send failed: unsent again, one attempt older. */
    async release(id: number): Promise<void> {
      await db
        .update(pushOutbox)
        .set({ sentAt: null, attempts: sql`${pushOutbox.attempts} + 1` })
        .where(eq(pushOutbox.id, id));
    },
  };
}
