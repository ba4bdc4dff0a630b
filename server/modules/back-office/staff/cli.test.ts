// api-suite: both engines (the first owner made on the embedded default and on a server)
/**
 * `npm run admin:create -- --email … [--name …] [--password …]`, as it runs: the compiled command
 * (built here by scripts/build-server.mjs into a folder of its own in .tmp, as `npm run build`
 * builds dist/node/admin-create.js) run by plain node on an embedded database in a temporary DATA_DIR.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { auditLog, staff } from '../../../db/schema';
import { verifyPassword } from '../../members/index';

const root = path.resolve(import.meta.dirname, '../../../..');
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const work = mkdtempSync(path.join(root, '.tmp', 'admin-create-'));
const outDir = path.join(work, 'node');
const dataDir = path.join(work, 'data');

function adminCreate(...args: string[]) {
  const { DATABASE_URL: _server, ...env } = process.env;
  const run = spawnSync(process.execPath, [path.join(outDir, 'admin-create.js'), ...args], { cwd: root, encoding: 'utf8', env: { ...env, DATA_DIR: dataDir } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function held() {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return { staff: await database.db.select().from(staff).orderBy(staff.id), audit: await database.db.select().from(auditLog).orderBy(auditLog.id) };
  } finally {
    await database.close();
  }
}

beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--out-dir', outDir], { cwd: root, encoding: 'utf8' });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the admin:create command', () => {
  it('creates the first owner with the password given, audited as the command line, and refuses the same email again', { timeout: 120_000 }, async () => {
    const first = adminCreate('--email', 'owner@example.com', '--name', 'Olive Owner', '--password', 'a long enough password');
    expect(first.output).toContain('Created the owner owner@example.com');
    expect(first.output).toContain('authenticator app');
    expect(first.output).not.toContain('a long enough password');
    expect(first.status).toBe(0);

    const again = adminCreate('--email', 'OWNER@example.com', '--password', 'another long password');
    expect(again.status).toBe(2);
    expect(again.output).toContain('already exists');

    const { staff: rows, audit } = await held();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'owner@example.com', name: 'Olive Owner', role: 'owner', totpSecret: null, totpConfirmedAt: null, createdBy: null });
    expect(await verifyPassword(rows[0]?.passwordHash ?? null, 'a long enough password')).toBe(true);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: null, action: 'staff.create', entity: 'staff', entityId: String(rows[0]?.id) });
  });

  it('makes a password when none is given and shows it once', { timeout: 60_000 }, async () => {
    const made = adminCreate('--email', 'second@example.com');
    expect(made.status).toBe(0);
    const password = /shown this once: (\S+)/.exec(made.output)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const row = (await held()).staff.find((r) => r.email === 'second@example.com');
    expect(await verifyPassword(row?.passwordHash ?? null, password)).toBe(true);
  });

  it('refuses a missing or bad email and a short password before writing anything', async () => {
    expect(adminCreate()).toMatchObject({ status: 2, output: expect.stringContaining('Usage: npm run admin:create') });
    expect(adminCreate('--email', 'not an email')).toMatchObject({ status: 2, output: expect.stringContaining('--email must be an email address') });
    expect(adminCreate('--email', 'third@example.com', '--password', 'short')).toMatchObject({ status: 2, output: expect.stringContaining('--password must have 12 to 256 characters') });
    expect(adminCreate('--email', 'x@example.com', '--colour', 'red').status).toBe(2);
    expect((await held()).staff.map((r) => r.email)).not.toContain('third@example.com');
  });
});
