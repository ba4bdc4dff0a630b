/**
 * Back-office test helpers: a settable clock, an owner made as `npm run admin:create` makes one,
 * and signing a member of staff in through the real calls (password, then the authenticator's code
 * computed from the secret the enrolment answered).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '../../src/domain/staff-permissions';
import { base32Decode, timeStep } from '../../src/domain/totp';
import type { Database } from '../db/client';
import { createOwner } from '../modules/back-office/staff/command';
import { hotp } from '../modules/back-office/staff/totp';

export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function testClock(start = '2026-03-02T09:00:00Z'): TestClock {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

/** The staff cookies a browser holds, updated from each answer's Set-Cookie. */
export class StaffBrowser {
  readonly jar = new Map<string, string>();

  constructor(readonly app: FastifyInstance) {}

  take(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) this.jar.set(cookie.name, cookie.value);
    return response;
  }

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get csrfToken(): string {
    return this.jar.get(this.app.staffCookies.names.csrf) ?? '';
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.take(await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookie } }));
  }

  /** A write with the staff CSRF token (after opening the back office, so there is one). */
  async post(url: string, payload: Record<string, unknown> | Buffer = {}, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    if (!this.jar.has(this.app.staffCookies.names.csrf)) await this.get('/web-api/admin/me');
    return this.take(await this.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: this.cookie, 'x-csrf-token': this.csrfToken } }));
  }
}

/** The authenticator's code for `secret` (base32) at `at`. */
export function codeAt(secret: string, at: Date, offsetSteps = 0): string {
  const bytes = base32Decode(secret);
  if (!bytes) throw new Error('not a base32 secret');
  return hotp(bytes, timeStep(at) + offsetSteps);
}

export const PASSWORD = 'correct horse battery staple';

export async function addOwner(db: Database, clock: TestClock, email = 'owner@example.com'): Promise<number> {
  const result = await createOwner(db, { email, name: 'Olive Owner', password: PASSWORD }, clock.now);
  if (!result.ok) throw new Error(result.problem);
  return result.id;
}

export interface SignedInStaff {
  browser: StaffBrowser;
  secret: string;
  recoveryCodes: string[];
}

/** First sign-in of an account: password, enrolment, first code; answers the signed-in browser. */
export async function enrolAndSignIn(app: FastifyInstance, clock: TestClock, email: string, password = PASSWORD): Promise<SignedInStaff> {
  const browser = new StaffBrowser(app);
  const signIn = await browser.post('/web-api/admin/sign-in', { email, password });
  if (signIn.statusCode !== 200) throw new Error(`sign-in ${signIn.statusCode}: ${signIn.body}`);
  const secret: string = signIn.json().enrolment.secret;
  const confirm = await browser.post('/web-api/admin/totp/confirm', { code: codeAt(secret, clock.now()) });
  if (confirm.statusCode !== 200) throw new Error(`confirm ${confirm.statusCode}: ${confirm.body}`);
  // The next code must come from a later step: a code is good once.
  clock.advance(30_000);
  return { browser, secret, recoveryCodes: confirm.json().recovery_codes };
}

/** An owner creates an account with this role through the API; answers its id. */
export async function addStaff(owner: StaffBrowser, role: StaffRole, email = `${role}@example.com`): Promise<number> {
  const response = await owner.post('/web-api/admin/staff/create', { email, name: `${role} person`, role, password: PASSWORD });
  if (response.statusCode !== 200) throw new Error(`create ${response.statusCode}: ${response.body}`);
  return response.json().record.id;
}

/**
 * A valid request of one back-office call for the permission matrix test, made afresh for each
 * try (each try may change what the next finds: a new email to create, a new account to disable).
 */
export type AdminSample = (db: Database) => Promise<{ url: string; payload?: Record<string, unknown> | Buffer; headers?: Record<string, string> }>;
