/**
 * Staff accounts and their sign-in: password (argon2id, as members'), then the authenticator's
 * code or a recovery code, or — the first time — enrolling an authenticator. Every change is
 * written to the audit log in the change's own transaction. Sessions are the staff-session
 * plugin's; the routes move them from stage to stage.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AdminAccess, StaffRecord } from '../../../../src/contract/admin';
import { AUDIT_LOG_PAGE_SIZE } from '../../../../src/contract/admin';
import type { Paginator } from '../../../../src/contract/catalogue';
import { pageCountFor } from '../../../../src/domain/paginator';
import { can, type StaffRole } from '../../../../src/domain/staff-permissions';
import { base32Encode, formatRecoveryCode, otpauthUrl, RECOVERY_CODE_COUNT, recoveryCodeOf, totpCodeOf } from '../../../../src/domain/totp';
import type { Database } from '../../../db/client';
import { conflict, forbidden, invalidField, notFound, unauthorised } from '../../../errors';
import { hashPassword, verifyPassword } from '../../members/index';
import { type AuditFilter, createAuditRepository } from './audit-repository';
import { createStaffRepository, type StaffRow } from './repository';
import { matchingStep, type SecretBox } from './totp';

export const STAFF_MESSAGES = {
  signInFailed: 'The email or password is not right.',
  codeFailed: 'That code is not right, or was used already.',
  noSignInWaiting: 'Please sign in with your email and password first.',
  signInRequired: 'Please sign in to the back office.',
  notAllowed: 'Your role does not allow this.',
  secondFactor: 'Enter the code from your authenticator app.',
  enrol: 'Add this account to your authenticator app, then enter the code it shows.',
  signedIn: 'Signed in.',
  enrolled: 'Authenticator added. Keep these recovery codes somewhere safe: each works once, and they are not shown again.',
  signedOut: 'Signed out.',
  created: 'Staff account created.',
  roleChanged: 'Role changed.',
  disabled: 'Staff account disabled.',
  emailTaken: 'A staff account with this email already exists.',
  notYourself: 'You cannot change your own role or disable your own account.',
  alreadyDisabled: 'This account is disabled already.',
  authenticatorUnreadable: 'Your authenticator cannot be checked. Please ask an owner for help.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  currentPasswordWrong: 'This is not your current password.',
  samePassword: 'Choose a password different from your current one.',
} as const;

/** What the audit log keeps of a staff account: never the password hash or TOTP secret. */
const auditView = (row: StaffRow) => ({ email: row.email, name: row.name, role: row.role, disabled_at: row.disabledAt?.toISOString() ?? null });

export const toStaffRecord = (row: StaffRow): StaffRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  totp_enrolled: row.totpConfirmedAt !== null,
  disabled_at: row.disabledAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
});

const hashRecoveryCode = (code: string) => createHash('sha256').update(code).digest('hex');

export interface StaffServiceDeps {
  db: Database;
  now: () => Date;
  box: SecretBox;
  /** The name authenticator apps show beside the account (the shop's name). */
  issuer: string;
}

export function createStaffService({ db, now, box, issuer }: StaffServiceDeps) {
  const repository = createStaffRepository(db);
  const audit = createAuditRepository(db);

  /** An account that may sign in: present and not disabled. */
  async function active(id: number): Promise<StaffRow> {
    const row = await repository.find(id);
    if (!row || row.disabledAt) throw unauthorised(STAFF_MESSAGES.noSignInWaiting);
    return row;
  }

  /** Writes the change and its one audit entry in one transaction. */
  async function audited(actor: number | null, action: string, entity: string, change: (tx: Database) => Promise<{ entityId: string; before: unknown; after: unknown; result: StaffRow }>): Promise<StaffRow> {
    return db.transaction(async (tx) => {
      const { entityId, before, after, result } = await change(tx);
      await createAuditRepository(tx).insert({ staffId: actor, action, entity, entityId, before, after, at: now() });
      return result;
    });
  }

  return {
    /** Email and password of an enabled account; 401 with one message for anything else, in the same time. */
    async authenticate(email: string, password: string): Promise<StaffRow> {
      const row = await repository.findByEmail(email);
      const matches = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !matches || row.disabledAt) throw unauthorised(STAFF_MESSAGES.signInFailed);
      return row;
    },

    /** The account a session's password step was for, while it may still sign in; 401 otherwise. */
    pendingAccount: (id: number): Promise<StaffRow> => active(id),

    /** A new TOTP secret for an account not enrolled yet (replacing an earlier unconfirmed one): shown once. */
    async beginEnrolment(row: StaffRow): Promise<{ secret: string; otpauth_url: string }> {
      const secret = randomBytes(20);
      await repository.update(row.id, { totpSecret: box.seal(secret) });
      const text = base32Encode(secret);
      return { secret: text, otpauth_url: otpauthUrl({ issuer, account: row.email, secret: text }) };
    },

    /**
     * The second factor of a sign-in: a current TOTP code (each good once) or an unused recovery
     * code (then used up). The sign-in is audited with the method in the same transaction.
     */
    async completeSignIn(staffId: number, typed: string): Promise<StaffRow> {
      const row = await active(staffId);
      if (!row.totpConfirmedAt || !row.totpSecret) throw unauthorised(STAFF_MESSAGES.noSignInWaiting);
      const totp = totpCodeOf(typed);
      const recovery = totp ? null : recoveryCodeOf(typed);
      if (!totp && !recovery) throw unauthorised(STAFF_MESSAGES.codeFailed);
      const at = now();
      return db.transaction(async (tx) => {
        const staffRepository = createStaffRepository(tx);
        let method: 'totp' | 'recovery-code';
        if (totp) {
          const secret = box.open(row.totpSecret ?? '');
          if (!secret) throw unauthorised(STAFF_MESSAGES.authenticatorUnreadable);
          const step = matchingStep(secret, totp, at);
          if (step === null || !(await staffRepository.useTotpStep(row.id, step, at))) throw unauthorised(STAFF_MESSAGES.codeFailed);
          method = 'totp';
        } else {
          if (!(await staffRepository.useRecoveryCode(row.id, hashRecoveryCode(recovery ?? ''), at))) throw unauthorised(STAFF_MESSAGES.codeFailed);
          await staffRepository.update(row.id, { lastSignInAt: at });
          method = 'recovery-code';
        }
        await createAuditRepository(tx).insert({ staffId: row.id, action: 'staff.sign-in', entity: 'staff', entityId: String(row.id), before: null, after: { method }, at });
        return row;
      });
    },

    /** The first code of a new authenticator: confirms it and answers 10 new recovery codes (their hashes kept). */
    async confirmEnrolment(staffId: number, typed: string): Promise<{ row: StaffRow; recoveryCodes: string[] }> {
      const row = await active(staffId);
      const secret = row.totpSecret && !row.totpConfirmedAt ? box.open(row.totpSecret) : null;
      if (!secret) throw unauthorised(STAFF_MESSAGES.noSignInWaiting);
      const code = totpCodeOf(typed);
      const at = now();
      const step = code ? matchingStep(secret, code, at) : null;
      if (step === null) throw unauthorised(STAFF_MESSAGES.codeFailed);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(10)));
      const updated = await audited(row.id, 'staff.totp-enrol', 'staff', async (tx) => {
        const staffRepository = createStaffRepository(tx);
        // Only the first confirmation counts: a second request with the same code finds it done.
        if (!(await staffRepository.useTotpStep(row.id, step, at))) throw unauthorised(STAFF_MESSAGES.codeFailed);
        const result = await staffRepository.update(row.id, { totpConfirmedAt: at });
        if (!result) throw unauthorised(STAFF_MESSAGES.noSignInWaiting);
        await staffRepository.replaceRecoveryCodes(row.id, recoveryCodes.map((shown) => hashRecoveryCode(recoveryCodeOf(shown) ?? shown)), at);
        return { entityId: String(row.id), before: { totp_enrolled: false }, after: { totp_enrolled: true, recovery_codes: RECOVERY_CODE_COUNT }, result };
      });
      return { row: updated, recoveryCodes };
    },

    async signedOut(staffId: number): Promise<void> {
      await audit.insert({ staffId, action: 'staff.sign-out', entity: 'staff', entityId: String(staffId), before: null, after: null, at: now() });
    },

    /**
     * The signed-in member of staff a call is made by, checked against the call's access: 401
     * when the account is gone or disabled, 403 when its role lacks the permission.
     */
    async authorise(staffId: number, access: AdminAccess): Promise<StaffRow> {
      const row = await repository.find(staffId);
      if (!row || row.disabledAt) throw unauthorised(STAFF_MESSAGES.signInRequired);
      if (access !== 'staff' && access !== 'sign-in' && !can(row.role, access)) throw forbidden(STAFF_MESSAGES.notAllowed);
      return row;
    },

    list: (): Promise<StaffRow[]> => repository.list(),

    /**
     * A member of staff's own new password, after their current one; audited without either (the
     * entry says only that it changed). Their sessions are the routes' to end.
     */
    async changePassword(staffId: number, current: string, next: string): Promise<StaffRow> {
      const row = await active(staffId);
      if (!(await verifyPassword(row.passwordHash, current))) throw invalidField('current_password', STAFF_MESSAGES.currentPasswordWrong);
      if (current === next) throw invalidField('new_password', STAFF_MESSAGES.samePassword);
      const passwordHash = await hashPassword(next);
      return audited(staffId, 'staff.password', 'staff', async (tx) => {
        const result = await createStaffRepository(tx).update(staffId, { passwordHash });
        if (!result) throw notFound();
        return { entityId: String(staffId), before: null, after: null, result };
      });
    },

    /** A new account (by an owner, or by the command line when `actor` is null). */
    async create(actor: number | null, input: { email: string; name: string; role: StaffRole; password: string }): Promise<StaffRow> {
      // Hashing takes tens of milliseconds: not for an email already used (the unique index still settles a race).
      if (await repository.findByEmail(input.email)) throw invalidField('email', STAFF_MESSAGES.emailTaken);
      const passwordHash = await hashPassword(input.password);
      return audited(actor, 'staff.create', 'staff', async (tx) => {
        const staffRepository = createStaffRepository(tx);
        if (await staffRepository.findByEmail(input.email)) throw invalidField('email', STAFF_MESSAGES.emailTaken);
        const result = await staffRepository.insert({ email: input.email.trim(), name: input.name, role: input.role, passwordHash, createdBy: actor, createdAt: now() });
        if (!result) throw invalidField('email', STAFF_MESSAGES.emailTaken);
        return { entityId: String(result.id), before: null, after: auditView(result), result };
      });
    },

    async changeRole(actor: number, id: number, role: StaffRole): Promise<StaffRow> {
      if (actor === id) throw conflict(STAFF_MESSAGES.notYourself);
      return audited(actor, 'staff.role', 'staff', async (tx) => {
        const staffRepository = createStaffRepository(tx);
        const before = await staffRepository.lock(id);
        if (!before) throw notFound();
        const result = await staffRepository.update(id, { role });
        if (!result) throw notFound();
        return { entityId: String(id), before: auditView(before), after: auditView(result), result };
      });
    },

    async disable(actor: number, id: number): Promise<StaffRow> {
      if (actor === id) throw conflict(STAFF_MESSAGES.notYourself);
      return audited(actor, 'staff.disable', 'staff', async (tx) => {
        const staffRepository = createStaffRepository(tx);
        const before = await staffRepository.lock(id);
        if (!before) throw notFound();
        if (before.disabledAt) throw conflict(STAFF_MESSAGES.alreadyDisabled);
        const result = await staffRepository.update(id, { disabledAt: now() });
        if (!result) throw notFound();
        return { entityId: String(id), before: auditView(before), after: auditView(result), result };
      });
    },

    async auditLog(filter: AuditFilter, page: number) {
      const total = await audit.count(filter);
      const rows = await audit.page(filter, AUDIT_LOG_PAGE_SIZE, (page - 1) * AUDIT_LOG_PAGE_SIZE);
      const pageCount = pageCountFor(total, AUDIT_LOG_PAGE_SIZE);
      const paginator: Paginator = { count: total, perPage: AUDIT_LOG_PAGE_SIZE, limit: AUDIT_LOG_PAGE_SIZE, pageCount, sort: 'at', direction: 'DESC', page: Math.min(page, Math.max(pageCount, 1)), requestedPage: page };
      return {
        paginator,
        records: rows.map((row) => ({
          id: row.id,
          staff_id: row.staffId,
          staff_name: row.staffName,
          action: row.action,
          entity: row.entity,
          entity_id: row.entityId,
          before: row.before ?? null,
          after: row.after ?? null,
          at: row.at.toISOString(),
        })),
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
