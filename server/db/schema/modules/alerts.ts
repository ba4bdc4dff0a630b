/**
 * Stock alerts: the alerts, the arrivals they match and the messages sent.
 * Owned by server/modules/alerts: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { PriceBounds, StockCriteria } from '../../../../src/domain/trade-buyers';

import { garageVehicles } from './garage';
import { members } from './members';
import { savedSearches } from './saved-searches';

export const ALERT_KINDS = ['search', 'vehicle'] as const;

/**
 * A new-stock alert: of a saved search, of a garage vehicle, or of a make, model and year alone
 * ('tell me when a 2012 Ford Focus arrives'). `criteria` and `price` are copied from what it
 * watches when set, so matching reads this row only. `lastMessageAt` spaces messages an hour apart.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    savedSearchId: integer('saved_search_id')
      .unique()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    garageVehicleId: integer('garage_vehicle_id')
      .unique()
      .references(() => garageVehicles.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** A vehicle alert without a garage vehicle: what the member asked for, as typed. */
    vehicle: jsonb('vehicle').$type<{ make: string; model: string | null; year: number | null }>(),
    criteria: jsonb('criteria').$type<StockCriteria>(),
    price: jsonb('price').$type<PriceBounds>(),
    push: boolean('push').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [index('stock_alerts_member_idx').on(t.memberId, t.id), check('stock_alerts_kind_check', sql`${t.kind} IN ('search', 'vehicle')`)],
);

/**
 * The queue of parts that came on sale (added available, or back to 'available' from reserved,
 * sold or coming soon), filled by statement triggers on parts (migration 0014), never by the
 * request that added them. Workers claim unmatched rows with FOR UPDATE SKIP LOCKED and stamp
 * matched_at. Matched rows stay: the newest arrival per part tells a saved search what is new.
 */
export const stockArrivals = pgTable(
  'stock_arrivals',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    partId: integer('part_id').notNull(),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull().defaultNow(),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [index('stock_arrivals_part_idx').on(t.partId, t.seq), index('stock_arrivals_unmatched_idx').on(t.seq).where(sql`${t.matchedAt} IS NULL`)],
);

/** An alert's message: at most one per alert and period (the hour it was sent in). */
export const alertMessages = pgTable(
  'alert_messages',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => stockAlerts.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    parts: integer('parts').notNull(),
  },
  (t) => [unique('alert_messages_period_key').on(t.alertId, t.periodStart)],
);

/** A part an alert matched: once per (alert, part), ever; messageId once it has been told. */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => stockAlerts.id, { onDelete: 'cascade' }),
    partId: integer('part_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
    messageId: integer('message_id').references(() => alertMessages.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.partId] }), index('alert_notifications_pending_idx').on(t.alertId).where(sql`${t.messageId} IS NULL`)],
);
