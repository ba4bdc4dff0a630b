/**
 * The outbox adapter and the outbox's queries. Sending is an insert, so with the db handle of a
 * transaction the mail exists exactly when what caused it was stored.
 */
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Mailer } from './mailer';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** After this many failed deliveries a mail stays unsent (and logged) instead of being retried. */
export const MAX_DELIVERY_ATTEMPTS = 5;

export function createOutboxMailer(db: Database): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
    },
  };
}

export function createOutboxRepository(db: Database) {
  return {
    /** Mails still to be relayed (not sent, attempts left): the outbox's depth in /metrics. */
    async waiting(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.deliveryAttempts, MAX_DELIVERY_ATTEMPTS)));
      return row?.count ?? 0;
    },

    newest(limit: number): Promise<OutboxMail[]> {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
    },

    /**
     * Takes up to `limit` unsent mails for delivery by stamping sent_at first. SKIP LOCKED lets
     * several processes relay at once without taking the same mail; no transaction stays open
     * during delivery (embedded PGlite would wait on it).
     */
    claimUnsent(limit: number): Promise<OutboxMail[]> {
      const next = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.deliveryAttempts, MAX_DELIVERY_ATTEMPTS)))
        .orderBy(asc(mailOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db.update(mailOutbox).set({ sentAt: sql`now()` }).where(inArray(mailOutbox.id, next)).returning();
    },

    /**
     * An account's deletion: the mails to the member's address go, sent or not. They hold the
     * member's name, addresses and orders, and one still waiting must not reach an address whose
     * owner asked to be forgotten.
     */
    async eraseMailsTo(email: string): Promise<void> {
      await db.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${email})`);
    },

    /** A delivery failed: the mail is unsent again, one attempt older unless the server was away. */
    async release(id: number, { countAttempt }: { countAttempt: boolean }): Promise<void> {
      await db
        .update(mailOutbox)
        .set(countAttempt ? { sentAt: null, deliveryAttempts: sql`${mailOutbox.deliveryAttempts} + 1` } : { sentAt: null })
        .where(eq(mailOutbox.id, id));
    },
  };
}
