/**
 * The back office's API (issue: the back office), under /web-api/admin, apart from the storefront:
 * staff sessions (own cookie and CSRF token), sign-in with a password and a TOTP second factor,
 * staff accounts and the audit log. Every call but the sign-in steps needs a signed-in member of
 * staff (401 otherwise, members and visitors included) whose role has the call's permission (403
 * otherwise): `ADMIN_ACCESS` says which, from src/domain/staff-permissions.ts, and the server
 * registers each call with exactly that check.
 *
 * Secrets: the TOTP secret appears once (the enrolment answer of POST /admin/sign-in), the
 * recovery codes once (POST /admin/totp/confirm); no call answers a password or a hash.
 */
import * as z from 'zod/mini';
import { PERMISSIONS, STAFF_ROLES } from '../domain/staff-permissions';
import { paginatorSchema } from './catalogue';
import { defineAdminCall } from './admin-access';
import { success } from './envelope';
import { idParam, text } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

/** 20 entries a page of the audit log, newest first. */
export const AUDIT_LOG_PAGE_SIZE = 20;
export const STAFF_PASSWORD_MIN_LENGTH = 12;

const emailField = lazySchema(() => z.string().check(z.trim(), z.maxLength(254, 'At most 254 characters.'), z.email('Enter a valid email address.')));
const roleField = lazySchema(() => z.enum(STAFF_ROLES, 'Choose a role: owner, sales, warehouse or content.'));
const codeField = lazySchema(() => z.string().check(z.maxLength(32, 'At most 32 characters.')));

/** A member of staff as the back office shows them (never the password or TOTP secret). */
export const staffRecordSchema = lazySchema(() => z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Whether their authenticator is enrolled (they have signed in with a code at least once). */
  totp_enrolled: z.boolean(),
  disabled_at: z.nullable(z.string()),
  created_at: z.string(),
  last_sign_in_at: z.nullable(z.string()),
}));
export type StaffRecord = z.infer<typeof staffRecordSchema>;

/** The signed-in member of staff and what their role may do: the screens hide the rest. */
export const staffMeSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
}));

/**
 * POST /admin/sign-in — email and password. With an enrolled authenticator: `second_factor: true`
 * and a session waiting (5 minutes) for POST /admin/sign-in/totp. Not enrolled yet: `enrolment`
 * with the new secret and its otpauth:// URL (shown this once), and a session waiting for POST
 * /admin/totp/confirm. 401 for a wrong email or password or a disabled account, alike; 429 with
 * Retry-After after 5 failures for one account from one address in 15 minutes (members' rule).
 * The session is rotated (new staff cookies: read the new CSRF token before the next write).
 */
export const adminSignIn = defineAdminCall('sign-in', {
  method: 'POST',
  path: '/admin/sign-in',
  summary: 'Staff sign-in: password',
  body: z.object({ email: text(254), password: z.string().check(z.maxLength(1024, 'Too long.')) }),
  response: success({
    msg: z.string(),
    second_factor: z.boolean(),
    enrolment: z.nullable(z.object({ secret: z.string(), otpauth_url: z.string() })),
  }),
});

/**
 * POST /admin/sign-in/totp — the 6-digit code of the authenticator, or one of the recovery codes
 * (each works once). Signs in (session rotated). 401 for a wrong code or no password step waiting.
 */
export const adminSignInTotp = defineAdminCall('sign-in', {
  method: 'POST',
  path: '/admin/sign-in/totp',
  summary: 'Staff sign-in: second factor',
  body: z.object({ code: codeField }),
  response: success({ msg: z.string(), staff: staffMeSchema }),
});

/**
 * POST /admin/totp/confirm — the first code of the authenticator just enrolled: confirms it, signs
 * in (session rotated) and answers the 10 recovery codes, this once.
 */
export const adminTotpConfirm = defineAdminCall('sign-in', {
  method: 'POST',
  path: '/admin/totp/confirm',
  summary: 'Staff authenticator enrolment',
  body: z.object({ code: codeField }),
  response: success({ msg: z.string(), staff: staffMeSchema, recovery_codes: z.array(z.string()) }),
});

/** POST /admin/sign-out — ends the staff session; a new anonymous one (and CSRF token) follows. */
export const adminSignOut = defineAdminCall('staff', {
  method: 'POST',
  path: '/admin/sign-out',
  summary: 'Staff sign-out',
  response: success({ msg: z.string() }),
});

/** GET /admin/me — who is signed in and their permissions. */
export const adminMe = defineAdminCall('staff', {
  method: 'GET',
  path: '/admin/me',
  summary: 'The signed-in member of staff',
  response: success({ staff: staffMeSchema }),
});

/**
 * POST /admin/password — the signed-in member of staff changes their own password: the current one
 * and a new one of at least STAFF_PASSWORD_MIN_LENGTH characters. Their other sessions end; this
 * one stays signed in (rotated: read the new CSRF token before the next write). 422 names
 * 'current_password' when it is wrong, 'new_password' when too short or the same as the current.
 */
export const adminPasswordChange = defineAdminCall('staff', {
  method: 'POST',
  path: '/admin/password',
  summary: 'Change my staff password',
  body: z.object({
    current_password: z.string().check(z.minLength(1, 'Enter your current password.'), z.maxLength(1024, 'Too long.')),
    new_password: z.string().check(z.minLength(STAFF_PASSWORD_MIN_LENGTH, `At least ${STAFF_PASSWORD_MIN_LENGTH} characters.`), z.maxLength(256, 'At most 256 characters.')),
  }),
  response: success({ msg: z.string() }),
});

/** GET /admin/staff/list.json — every staff account, by name (owner). */
export const adminStaffList = defineAdminCall('staff.manage', {
  method: 'GET',
  path: '/admin/staff/list.json',
  summary: 'Staff accounts',
  response: success({ records: z.array(staffRecordSchema) }),
});

/**
 * POST /admin/staff/create — a new staff account (owner). The owner sets the first password and
 * hands it over; at their first sign-in the new member of staff enrols an authenticator. 422 names
 * a field (an email already used: 'email').
 */
export const adminStaffCreate = defineAdminCall('staff.manage', {
  method: 'POST',
  path: '/admin/staff/create',
  summary: 'Create a staff account',
  body: z.object({
    email: emailField,
    name: text(100).check(z.minLength(1, 'Enter a name.')),
    role: roleField,
    password: z.string().check(z.minLength(STAFF_PASSWORD_MIN_LENGTH, `At least ${STAFF_PASSWORD_MIN_LENGTH} characters.`), z.maxLength(256, 'At most 256 characters.')),
  }),
  response: success({ msg: z.string(), record: staffRecordSchema }),
});

/** POST /admin/staff/:id/role — changes a role (owner; not one's own). Their sessions end. */
export const adminStaffRole = defineAdminCall('staff.manage', {
  method: 'POST',
  path: '/admin/staff/:id/role',
  summary: "Change a staff member's role",
  params: z.object({ id: idParam }),
  body: z.object({ role: roleField }),
  response: success({ msg: z.string(), record: staffRecordSchema }),
});

/** POST /admin/staff/:id/disable — disables an account (owner; not one's own) and ends its sessions. */
export const adminStaffDisable = defineAdminCall('staff.manage', {
  method: 'POST',
  path: '/admin/staff/:id/disable',
  summary: 'Disable a staff account',
  params: z.object({ id: idParam }),
  response: success({ msg: z.string(), record: staffRecordSchema }),
});

export const auditEntrySchema = lazySchema(() => z.object({
  id: z.int(),
  /**
   * Null: no member of staff: done from the command line (`npm run admin:create`), or by the shop
   * itself (a refund left pending, completed by the reconciler: its `after` says `completed_by: 'shop'`).
   */
  staff_id: z.nullable(z.int()),
  staff_name: z.nullable(z.string()),
  action: z.string(),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  /** The entity before and after the change, null for none (unknown takes null too). */
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
}));

/** GET /admin/audit-log.json — the audit log, newest first, 20 a page, by staff and/or entity (owner). */
export const adminAuditLog = defineAdminCall('audit.read', {
  method: 'GET',
  path: '/admin/audit-log.json',
  summary: 'Audit log',
  query: z.object({
    page: z.optional(z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.gte(1, 'Must be 1 or more.'), z.lte(100_000, 'Too large.'))),
    staff_id: z.optional(idParam),
    entity: z.optional(text(40)),
  }),
  response: success({ records: z.array(auditEntrySchema), paginator: paginatorSchema }),
});

export { ADMIN_ACCESS, type AdminAccess } from './admin-access';
