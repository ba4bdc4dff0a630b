/**
 * `npm run bench:forgotten-password -- [--rounds N]`: how long POST /members/forgotten-password
 * takes to answer for a member's address and for an unknown one (SPEC: the same answer, in the
 * same time, so that it tells nobody who has an account). The test
 * (server/modules/members/passwords.test.ts) checks the structure: the answer is out before any
 * work on the address starts. This prints the figures, which a test may not assert (issue 26: a
 * timed assertion fails on a busy machine). Runs the app in this process on embedded PGlite, or
 * on PostgreSQL with BENCH_DATABASE_URL (a database it may empty); calls alternate member and
 * unknown address, each after the previous call's work has finished.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { members, mailOutbox } from '../server/db/schema';
import { testClientDir } from '../server/test/client-dir';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const rounds = Number(values.rounds);
const MEMBER = 'bench.member@example.co.uk';

const handle = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
await migrateDatabase(handle);
const { db } = handle;
await db.execute(sql`DELETE FROM ${mailOutbox}`);
await db.execute(sql`DELETE FROM ${members} WHERE email = ${MEMBER}`);
await db.insert(members).values({ email: MEMBER, firstName: 'Bench', lastName: 'Member', passwordHash: 'not-a-hash', isGuest: false });

const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: testClientDir(), CART_HOLD_MINUTES: '0', RATE_LIMIT_PASSWORD_RESET_MAX: '1000000', RATE_LIMIT_FORMS_MAX: '1000000' });
const app = await buildApp({ config, db });
await app.ready();

// A browser's session and CSRF token, as a first page load gives them.
const visit = await app.inject({ method: 'GET', url: '/' });
const cookies = new Map(visit.cookies.map((cookie) => [cookie.name, cookie.value]));
const { session, csrf } = app.sessionCookies.names;
const headers = { cookie: `${session}=${cookies.get(session)}; ${csrf}=${cookies.get(csrf)}`, 'x-csrf-token': cookies.get(csrf) ?? '' };

const mails = async () => (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
let mailed = await mails();

/** One call's answer time in ms; for the member, waits for its mail (the work after the answer). */
async function timed(email: string): Promise<number> {
  const started = process.hrtime.bigint();
  const answer = await app.inject({ method: 'POST', url: '/web-api/members/forgotten-password', headers, payload: { email } });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (answer.statusCode !== 200) throw new Error(`answered ${answer.statusCode}: ${answer.body}`);
  if (email === MEMBER) {
    while ((await mails()) === mailed) await new Promise((resolve) => setTimeout(resolve, 5));
    mailed += 1;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
  return ms;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const known: number[] = [];
const unknown: number[] = [];
await timed(MEMBER);
await timed('warm-up@example.co.uk');
for (let i = 0; i < rounds; i++) {
  known.push(await timed(MEMBER));
  unknown.push(await timed(`nobody${i}@example.co.uk`));
}
await app.close();
await handle.close();

const row = (name: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${name.padEnd(16)} p50 ${percentile(sorted, 0.5).toFixed(2)} ms  p95 ${percentile(sorted, 0.95).toFixed(2)} ms  max ${(sorted.at(-1) ?? 0).toFixed(2)} ms`;
};
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);
process.stdout.write(
  [
    `POST /members/forgotten-password, ${rounds} calls each (${handle.driver}):`,
    row('member', known),
    row('unknown address', unknown),
    `difference of the medians: ${Math.abs(median(known) - median(unknown)).toFixed(2)} ms`,
    '',
  ].join('\n'),
);
