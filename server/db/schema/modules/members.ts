/**
 * Members: accounts, profiles, addresses, single-use links, failed sign-ins, and account deletions
 * with their reasons.
 * Owned by server/modules/members: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from '../columns';
import { countries } from '../seed';

export const MEMBER_TOKEN_PURPOSES = ['password_reset', 'guest_register'] as const;

/**
 * A link sent by e-mail that works once (password reset: for an hour; a guest's link to become a
 * member: longer). Only the SHA-256 of the token is kept, so a leaked table opens nothing.
 */
export const memberTokens = pgTable(
  'member_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: MEMBER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_tokens_member_idx').on(t.memberId, t.purpose), check('member_tokens_purpose_check', sql`${t.purpose} IN (${inList(MEMBER_TOKEN_PURPOSES)})`)],
);

/**
 * Failed sign-ins, by account (the lower-cased e-mail) and by address: repeated failures slow
 * further tries of that account from that address and of that address, without locking the
 * account for its owner elsewhere. Old rows are useless and purged.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_failures_account_idx').on(t.account, t.at), index('sign_in_failures_address_idx').on(t.address, t.at)],
);

/** SPEC §7 GET /reason-for-deletions/get-list: why a member deletes their account. */
export const deletionReasons = pgTable('deletion_reasons', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** What a deleted account leaves: when and why (the member row itself is anonymised). */
export const accountDeletions = pgTable('account_deletions', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id').notNull(),
  deletionReasonId: integer('deletion_reason_id')
    .notNull()
    .references(() => deletionReasons.id),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
});

export const MEMBER_TYPES = ['PRIVATE', 'COMPANY'] as const;

/**
 * Members (SPEC §3 Member record). A guest (is_guest) is an account for one checkout: no password,
 * cannot sign in, and may share an email with other guests or a member; a member's email is unique.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** argon2id (PHC string); null for a guest. */
    passwordHash: text('password_hash'),
    type: text('type', { enum: MEMBER_TYPES }).notNull().default('PRIVATE'),
    isGuest: boolean('is_guest').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    sameShippingAddress: boolean('same_shipping_address').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('members_email_key').on(sql`lower(${t.email})`).where(sql`${t.isGuest} = false`),
    check('members_type_check', sql`${t.type} IN (${inList(MEMBER_TYPES)})`),
  ],
);

/** SPEC §3 Member profile. */
export const memberProfiles = pgTable('member_profiles', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  mobile: text('mobile').notNull().default(''),
  phone: text('phone').notNull().default(''),
  work: text('work').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  vatNo: text('vat_no').notNull().default(''),
  /** The marketing-profile answers as the JSON string the form emits (SPEC §3). */
  questionnaire: text('questionnaire').notNull().default(''),
});

export const ADDRESS_TYPES = ['BILLING', 'DELIVERY', 'BOTH'] as const;

/** SPEC §3 Address. Rows are never changed once an order may point at them: a new use is a new row. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    addressType: text('address_type', { enum: ADDRESS_TYPES }).notNull().default('BOTH'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    vatNo: text('vat_no').notNull().default(''),
    postcode: text('postcode').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    address3: text('address3').notNull().default(''),
    city: text('city').notNull(),
    county: text('county').notNull().default(''),
    phone: text('phone').notNull().default(''),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_member_idx').on(t.memberId, t.id), check('addresses_type_check', sql`${t.addressType} IN (${inList(ADDRESS_TYPES)})`)],
);
