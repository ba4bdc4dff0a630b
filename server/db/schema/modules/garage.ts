/**
 * The garage: a member's vehicles, and the vehicle an order line was bought for.
 * Owned by server/modules/garage: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StockCriteria } from '../../../../src/domain/trade-buyers';
import { members } from './members';
import { orderProducts } from './orders';

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
