/**
 * The back office (issue: staff and roles): staff accounts, apart from members; their recovery
 * codes; their sessions, apart from the storefront's; and the audit log of every staff action,
 * which the database itself keeps append-only (a trigger in the migration refuses UPDATE and
 * DELETE). Re-exported by schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../src/domain/staff-permissions';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;

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
 * Where a staff session stands: a visitor of the back office (holds only a CSRF token), the
 * password accepted and a code awaited, the password accepted and an authenticator to enrol, or
 * signed in.
 */
export const STAFF_SESSION_STAGES = ['anonymous', 'second-factor', 'enrol', 'signed-in'] as const;
export type StaffSessionStage = (typeof STAFF_SESSION_STAGES)[number];

/**
 * Staff sessions, apart from the storefront's `sessions`: their own cookie, shorter lifetimes, and
 * a CSRF token a member's session never shares. The id is the SHA-256 of the cookie token.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    csrfToken: text('csrf_token').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: STAFF_SESSION_STAGES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_expires_at_idx').on(t.expiresAt),
    check('staff_sessions_stage_check', sql`${t.stage} IN (${inList(STAFF_SESSION_STAGES)})`),
    check('staff_sessions_staff_check', sql`(${t.stage} = 'anonymous') = (${t.staffId} IS NULL)`),
  ],
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
