/**
 * Trade buyers come back (issue 17): members' saved searches and garage of vehicles, new-stock
 * alerts (the arrivals queue, which part each alert was told of, one message per alert and
 * period), web push subscriptions and their outbox, and the vehicle each order line was bought
 * for. Re-exported by schema.ts, from which drizzle-kit generates the migrations; the triggers
 * that fill stock_arrivals are written by hand in migration 0014.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PriceBounds, StockCriteria } from '../../src/domain/trade-buyers';
import { members, orderProducts } from './checkout-schema';

/**
 * The query a saved search re-runs: part-search's own parameters (GET /products/part-search.json)
 * and the listing filters kept with it. Stored as given, so the page runs the normal search.
 */
export interface SavedSearchParams {
  vrn?: string;
  oem?: string;
  make?: string;
  model?: string;
  year?: number;
  partType?: number;
  soldOut?: boolean;
  price_from?: number;
  price_to?: number;
}

/**
 * A member's saved search. `criteria` is what it finds in catalogue terms, resolved when saved
 * (null: it names nothing the catalogue holds, e.g. an unknown registration). `seenArrival` is the
 * newest stock arrival when the member last viewed it: parts that arrived after are 'new'.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    params: jsonb('params').$type<SavedSearchParams>().notNull(),
    criteria: jsonb('criteria').$type<StockCriteria>(),
    seenArrival: bigint('seen_arrival', { mode: 'number' }).notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saved_searches_member_idx').on(t.memberId, t.id)],
);

/** A vehicle in a member's garage: by registration (looked up) or by make, model and year; one is current. */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    vrn: text('vrn'),
    make: text('make').notNull(),
    model: text('model'),
    year: integer('year'),
    engineCode: text('engine_code').notNull().default(''),
    criteria: jsonb('criteria').$type<StockCriteria>(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('garage_vehicles_member_idx').on(t.memberId, t.id),
    // One current vehicle per member, and a registration once per garage.
    uniqueIndex('garage_vehicles_current_idx').on(t.memberId).where(sql`${t.isCurrent}`),
    uniqueIndex('garage_vehicles_vrn_idx').on(t.memberId, t.vrn).where(sql`${t.vrn} IS NOT NULL`),
  ],
);

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

/** The vehicle an order line was bought for (the garage's current vehicle or the saved VRN) and the fit shown then. */
export const orderLineVehicles = pgTable('order_line_vehicles', {
  orderProductId: integer('order_product_id')
    .primaryKey()
    .references(() => orderProducts.id, { onDelete: 'cascade' }),
  vrn: text('vrn'),
  make: text('make').notNull(),
  model: text('model'),
  year: integer('year'),
  label: text('label').notNull(),
  /** SPEC §4 level: 0 unknown, 1 exact, 2 likely, 3 optional, 100 unsure. */
  compatibility: smallint('compatibility').notNull(),
});
