/**
 * The back office's staff accounts, their recovery codes, and the audit log of every staff action,
 * which the database itself keeps append-only (a trigger in the migration refuses UPDATE and
 * DELETE).
 * Owned by server/modules/back-office/staff: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../../../src/domain/staff-permissions';
import { inList, lower } from '../../columns';

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** argon2id, as members' passwords (server/modules/members/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /**
     * The TOTP secret, encrypted with AES-256-GCM under the staff TOTP key (never returned by any
     * call after the one enrolment answer). Set at enrolment, trusted once confirmed.
     */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is good once, even within its window. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Who created the account; null for the first owner, made by `npm run admin:create`. */
    createdBy: integer('created_by').references((): AnyPgColumn => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_email_idx').on(lower(t.email)), check('staff_role_check', sql`${t.role} IN (${inList(STAFF_ROLES)})`)],
);

/** Ten single-use codes per member of staff, for a lost authenticator; only their SHA-256 is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_code_idx').on(t.staffId, t.codeHash)],
);

/**
 * Every staff action: who (null: the command line), what, on which record, the record before and
 * after (never a password, secret or code), and when. Written in the transaction of the change;
 * the owner reads it, nobody edits it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_staff_idx').on(t.staffId, t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
