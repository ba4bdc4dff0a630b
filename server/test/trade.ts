/**
 * Issue 17 API test helpers: the shop with web push reaching a local fake push service and a clock
 * the test moves, signed-in members, and new stock added as the yard would add it (a copy of a
 * demo part with its fitments, inserted as a new part).
 */
import { hash } from '@node-rs/argon2';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { fitments, members, parts } from '../db/schema';
import type { FakePushService } from '../integrations/push/fake-push-service';
import { createWebPushSender } from '../integrations/push/web-push-sender';
import { testClientDir } from './app';
import { expectOk, PASSWORD, shopper, type Shopper } from './checkout';
import { testDatabase } from './database';
import type { TestClock } from './payments';

const passwordHash = hash(PASSWORD);
export const VAPID = webpush.generateVAPIDKeys();
export const VAPID_SUBJECT = 'mailto:alerts@partsfinder.example';

/** The shop on this worker's database (not reset), pushing through the fake push service when given. */
export async function tradeApp(options: { clock: TestClock; push?: FakePushService; env?: Record<string, string>; db?: Database }): Promise<FastifyInstance> {
  const db = options.db ?? (await testDatabase()).db;
  const config = loadConfig({
    NODE_ENV: 'test',
    CLIENT_DIR: testClientDir(),
    RATE_LIMIT_MAX: '100000',
    PUBLIC_URL: 'https://shop.example',
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT,
    // Rounds run when the test says (app.stockAlerts.runRound), not on the timer.
    ALERT_INTERVAL_MS: '3600000',
    ALERT_SETTLE_MS: '0',
    ...options.env,
  });
  const pushSender = options.push ? createWebPushSender({ keys: VAPID, subject: VAPID_SUBJECT, timeoutMs: 5000, agent: options.push.agent }) : undefined;
  const app = await buildApp({ config, db, clock: options.clock, ...(pushSender ? { pushSender } : {}) });
  onTestFinished(() => app.close());
  await app.ready();
  return app;
}

export async function signedIn(app: FastifyInstance, email: string, firstName = 'Jo'): Promise<Shopper & { id: number }> {
  const { db } = await testDatabase();
  const [row] = await db.insert(members).values({ email, passwordHash: await passwordHash, firstName, lastName: 'Bloggs' }).returning({ id: members.id });
  if (!row) throw new Error('no member');
  const browser = await shopper(app);
  browser.adopt(await expectOk(browser.call('POST', '/members/login', { email, password: PASSWORD })));
  return Object.assign(browser, { id: row.id });
}

let nextTag = 500_000;

/**
 * New stock: `count` copies of the demo part `like` (same make, model, type and fitments), added
 * available in one statement as a bulk import would; answers their Tags in order.
 */
export async function addStock(db: Database, like: string, count: number, changes: Partial<typeof parts.$inferInsert> = {}): Promise<string[]> {
  const [donor] = await db.select().from(parts).where(eq(parts.tag, like));
  if (!donor) throw new Error(`no part ${like}`);
  const donorFitments = await db.select().from(fitments).where(eq(fitments.partId, donor.id));
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = donor;
  const tags = Array.from({ length: count }, () => `P${String((nextTag += 1)).padStart(7, '0')}`);
  // One transaction, as a stock import should: the parts' arrivals are seen with their fitments.
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(parts)
      .values(tags.map((tag) => ({ ...rest, tag, status: 'available' as const, ...changes })))
      .returning({ id: parts.id });
    const rows = added.flatMap((part) => donorFitments.map(({ id: _fid, partId: _pid, ...fitment }) => ({ ...fitment, partId: part.id })));
    for (let start = 0; start < rows.length; start += 1000) await tx.insert(fitments).values(rows.slice(start, start + 1000));
  });
  return tags;
}

/** Removes parts added by a test (their fitments go with them). */
export async function removeStock(db: Database, tags: readonly string[]): Promise<void> {
  if (tags.length > 0) await db.delete(parts).where(inArray(parts.tag, [...tags]));
}

/** The alert mails in the outbox, oldest first. */
export async function alertMails(db: Database): Promise<{ to: string; subject: string; text: string }[]> {
  const result = await db.execute(sql`SELECT "to", subject, text FROM mail_outbox WHERE text LIKE '%match your alert%' ORDER BY id`);
  return (result as unknown as { rows: { to: string; subject: string; text: string }[] }).rows;
}
