/**
 * Web push: subscriptions and the outbox.
 * Owned by server/modules/push: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';

/** A device's Push API subscription (endpoint and keys), a member's; removed when its push service answers 404 or 410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the member calls the device ('Chrome on Android'), for the account settings. */
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_subscriptions_member_idx').on(t.memberId)],
);

/**
 * Push messages waiting to be sent: written in the transaction that decided them (an alert's
 * message, an order paid), sent after it by the worker (no HTTP inside a transaction).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<{ title: string; body: string; url: string; tag?: string }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [index('push_outbox_unsent_idx').on(t.id).where(sql`${t.sentAt} IS NULL`)],
);
