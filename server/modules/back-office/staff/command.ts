/**
 * `npm run admin:create`: the first owner of the back office, made from the command line (no one
 * can sign in to create them). Refuses an email that already has a staff account. The account
 * enrols its authenticator at its first sign-in, as every new account does.
 */
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../../../src/domain/staff-permissions';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../../src/contract/admin';
import type { Database } from '../../../db/client';
import { DomainError } from '../../../errors';
import { createStaffService } from './service';
import { secretBox } from './totp';

export interface CreateOwnerInput {
  email: string;
  name?: string | undefined;
  /** None given: a random one is made and shown once. */
  password?: string | undefined;
}

export type CreateOwnerResult = { ok: true; id: number; email: string; password: string; generated: boolean } | { ok: false; problem: string };

/** What is wrong with the options, before the database is opened; null when nothing. */
export function ownerInputProblem(input: CreateOwnerInput): string | null {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return `--email must be an email address, not '${email}'`;
  if (input.password !== undefined && (input.password.length < STAFF_PASSWORD_MIN_LENGTH || input.password.length > 256)) return `--password must have ${STAFF_PASSWORD_MIN_LENGTH} to 256 characters`;
  return null;
}

export async function createOwner(db: Database, input: CreateOwnerInput, now: () => Date = () => new Date(), role: StaffRole = 'owner'): Promise<CreateOwnerResult> {
  const problem = ownerInputProblem(input);
  if (problem) return { ok: false, problem };
  const email = input.email.trim();
  const password = input.password ?? randomBytes(15).toString('base64url');
  const name = input.name?.trim() || email.split('@')[0] || email;
  // Creating an account needs no TOTP key: the secret is made at the first sign-in.
  const service = createStaffService({ db, now, box: secretBox('unused: no secret is sealed when creating an account'), issuer: '' });
  try {
    const row = await service.create(null, { email, name, role, password });
    return { ok: true, id: row.id, email: row.email, password, generated: input.password === undefined };
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') return { ok: false, problem: `a staff account with the email ${email} already exists` };
    throw error;
  }
}
