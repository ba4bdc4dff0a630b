/**
 * Back-office steps for end-to-end journeys: sign in as the first owner (created by
 * playwright.config.ts), create a member of staff on the Staff screen, and sign in with a TOTP
 * second factor, enrolling at the first sign-in by reading the secret the screen shows and
 * computing the code as an authenticator app would (src/domain/totp.ts).
 *
 * Secrets are kept in the run's data folder (E2E_DATA_DIR), so a later test, or a new worker
 * after a failure, signs the same account in again. The server accepts each 30-second step once
 * per account: a second sign-in within the same step uses the next one (the server allows one
 * step either side) or waits for it. Journeys run in two browsers at once, so one sign-in with a
 * code runs at a time (a lock file beside the secrets): two first sign-ins of one account would each
 * enrol a new secret, and two codes sent out of order would refuse the earlier step.
 *
 * The owner, whom most journeys only need signed in, signs in with a code once a run: the session's
 * cookies are kept beside the secrets and given to each later journey's browser (a sign-in per
 * journey waited up to 30 s for a fresh step, and held the lock meanwhile). A journey must not sign
 * that session out; the sign-in journeys sign in accounts of their own.
 */
import { createHmac } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { staffCookieNames } from '../../src/contract/cookies';
import { base32Decode, counterBytes, timeStep, truncate } from '../../src/domain/totp';
import type { StaffRole } from '../../src/domain/staff-permissions';
import { E2E_OWNER } from './e2e-staff';
import { type BrowserContext, expect, type Page } from './fixtures';

export { E2E_OWNER };

interface KeptSecret {
  secret: string;
  /** The last TOTP step signed in with. */
  lastStep: number;
}

const secretsFile = () => path.join(process.env.E2E_DATA_DIR ?? '.', 'e2e-staff-secrets.json');

function keptSecrets(): Record<string, KeptSecret> {
  return existsSync(secretsFile()) ? (JSON.parse(readFileSync(secretsFile(), 'utf8')) as Record<string, KeptSecret>) : {};
}

function keep(email: string, kept: KeptSecret): void {
  writeFileSync(secretsFile(), JSON.stringify({ ...keptSecrets(), [email]: kept }));
}

const lockFile = () => `${secretsFile()}.lock`;

/** Runs `work` while holding the run's sign-in lock (a lock left by a crashed worker expires after a minute). */
async function withSignInLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      closeSync(openSync(lockFile(), 'wx'));
      break;
    } catch {
      const age = Date.now() - (statSync(lockFile(), { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) rmSync(lockFile(), { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockFile(), { force: true });
  }
}

/** The code of one TOTP step, as an authenticator app computes it (RFC 6238, SHA-1, 6 digits). */
export function totpCode(secret: string, step: number): string {
  const key = base32Decode(secret);
  if (!key) throw new Error(`not a base32 secret: ${secret}`);
  return truncate(new Uint8Array(createHmac('sha1', key).update(counterBytes(step)).digest()));
}

/** A code for this account's next sign-in: a step after the last one used, within the server's window. */
async function nextCode(email: string, secret: string): Promise<string> {
  const last = keptSecrets()[email]?.lastStep ?? 0;
  const step = Math.max(timeStep(new Date()), last + 1);
  // The server accepts the current step and one either side; further ahead, wait for time to catch up.
  while (step > timeStep(new Date()) + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
  keep(email, { secret, lastStep: step });
  return totpCode(secret, step);
}

/**
 * Signs in at /admin/sign-in with email and password, then the authenticator's code; at the first
 * sign-in enrols (reads the secret shown, confirms with its code, says the recovery codes are
 * saved). Ends on a signed-in screen.
 */
export function signInWithTotp(page: Page, email: string, password: string): Promise<void> {
  return withSignInLock(() => signIn(page, email, password));
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const enrol = page.getByRole('heading', { name: 'Set up your authenticator' });
  const code = page.getByRole('heading', { name: 'Enter your code' });
  await expect(enrol.or(code)).toBeVisible();
  if (await enrol.isVisible()) {
    const secret = await page.locator('code[data-secret]').getAttribute('data-secret');
    if (!secret) throw new Error('the enrolment screen shows no secret');
    await page.getByLabel('Code from the app').fill(await nextCode(email, secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByLabel('I have saved them').check();
    await page.getByRole('button', { name: 'Continue to the back office' }).click();
  } else {
    const kept = keptSecrets()[email];
    if (!kept) throw new Error(`${email} has enrolled an authenticator whose secret this run did not keep`);
    await page.getByLabel('Code', { exact: true }).fill(await nextCode(email, kept.secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

const ownerSessionFile = () => path.join(process.env.E2E_DATA_DIR ?? '.', 'e2e-owner-session.json');

/** Signs in as the run's first owner: with the run's owner session when it is still live, else with a code. */
export async function signInAsOwner(page: Page): Promise<void> {
  const file = ownerSessionFile();
  if (existsSync(file)) {
    await page.context().addCookies(JSON.parse(readFileSync(file, 'utf8')) as Parameters<BrowserContext['addCookies']>[0]);
    await page.goto('/admin/');
    const signedIn = page.getByRole('button', { name: 'Sign out' });
    const signInForm = page.getByRole('button', { name: 'Continue' });
    await expect(signedIn.or(signInForm)).toBeVisible();
    if (await signedIn.isVisible()) return;
  }
  await signInWithTotp(page, E2E_OWNER.email, E2E_OWNER.password);
  // The production server's cookie names (the e2e server runs with NODE_ENV=production).
  const names = staffCookieNames(true);
  const cookies = (await page.context().cookies()).filter((cookie) => cookie.name === names.session || cookie.name === names.csrf);
  // Written aside and renamed: the other browser never reads half a file.
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(cookies));
  renameSync(`${file}.${process.pid}`, file);
}

/** Creates a member of staff on the Staff screen (signed in as an owner) and waits for them in the list. */
export async function createStaff(page: Page, { role, email, password, name = `${role[0]?.toUpperCase()}${role.slice(1)} ${email.split('@')[0]}` }: { role: StaffRole; email: string; password: string; name?: string }): Promise<void> {
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: 'Add a member of staff' }).click();
  const form = page.getByRole('form', { name: 'New member of staff' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByLabel('First password').fill(password);
  await form.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: email })).toBeVisible();
}
