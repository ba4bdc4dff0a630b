/**
 * Feature flags switched in the back office: the storefront follows at once in the process that
 * made the change (payment methods, app props) and within the poll in another process on the
 * same database; each switch is one audit entry; an unknown flag or a missing value is refused
 * naming the field, and nothing is written.
 */
import { count, desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminFlagList } from '../../../../src/contract/admin-flags';
import { auditLog, featureFlags } from '../../../db/schema';
import { testApp } from '../../../test/app';
import { testDatabase } from '../../../test/database';
import { addOwner, addStaff, enrolAndSignIn, testClock } from '../../../test/staff';

async function flagDesk() {
  const clock = testClock();
  const app = await testApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000' } });
  const { db } = await testDatabase();
  await addOwner(db, clock);
  const owner = (await enrolAndSignIn(app, clock, 'owner@example.com')).browser;
  await addStaff(owner, 'content', 'content@example.com');
  const staff = (await enrolAndSignIn(app, clock, 'content@example.com')).browser;
  return { app, db, staff };
}

const methods = async (app: Awaited<ReturnType<typeof testApp>>) => (await app.inject({ method: 'GET', url: '/web-api/payments/methods.json' })).json() as { methods: { paypal: unknown; card: unknown } };
const flagsOf = async (app: Awaited<ReturnType<typeof testApp>>) => ((await app.inject({ method: 'GET', url: '/web-api/app-props.json' })).json() as { props: { flags: Record<string, number> } }).props.flags;

describe('feature flags in the back office', () => {
  it('lists every flag with its setting; switching PayPal off takes it off the payment methods and the app props at once, audited', async () => {
    const { app, db, staff } = await flagDesk();
    const listed = adminFlagList.response.parse((await staff.get('/web-api/admin/flags.json')).json()).records;
    expect(listed.map((record) => record.key)).toEqual(['payments.stripe', 'payments.paypal', 'discountThresholds', 'companyAccount', 'lowestPrice']);
    expect(listed.every((record) => record.enabled && record.setting && record.updated_at === null)).toBe(true);
    expect((await methods(app)).methods.paypal).not.toBeNull();

    const off = await staff.post('/web-api/admin/flags/payments.paypal', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ msg: 'PayPal payments off.', record: { key: 'payments.paypal', enabled: false, setting: true, updated_by: 'content person' } });
    expect((await methods(app)).methods.paypal).toBeNull();
    expect((await methods(app)).methods.card).not.toBeNull();
    expect((await flagsOf(app))['payments.paypal']).toBe(0);
    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'flag.set', entity: 'flag', entityId: 'payments.paypal', before: { enabled: true }, after: { enabled: false } });

    // On again: the methods offer PayPal once more.
    expect((await staff.post('/web-api/admin/flags/payments.paypal', { enabled: true })).statusCode).toBe(200);
    expect((await methods(app)).methods.paypal).not.toBeNull();
  });

  it('reaches another process of the shop on the same database within the poll', async () => {
    const { db, staff } = await flagDesk();
    const other = await testApp({ reset: false, env: { FEATURE_FLAGS_POLL_MS: '100' } });
    expect((await flagsOf(other)).discountThresholds).toBe(1);
    expect((await staff.post('/web-api/admin/flags/discountThresholds', { enabled: false })).statusCode).toBe(200);
    await expect.poll(async () => (await flagsOf(other)).discountThresholds, { timeout: 5_000, interval: 50 }).toBe(0);
    // The loyalty programme's calls follow the flag at each call, not as they were at start.
    expect((await other.inject({ method: 'GET', url: '/web-api/discount-thresholds/get-all.json' })).statusCode).toBe(404);
    expect((await db.select({ n: count() }).from(featureFlags))[0]?.n).toBe(1);
  });

  it('refuses an unknown flag and a missing value, naming the field, and writes nothing', async () => {
    const { db, staff } = await flagDesk();
    const audited = async () => (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
    const before = await audited();
    const unknown = await staff.post('/web-api/admin/flags/freeDelivery', { enabled: true });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys((unknown.json() as { errors: Record<string, string[]> }).errors)).toEqual(['key']);
    const missing = await staff.post('/web-api/admin/flags/lowestPrice', { enabled: 'yes' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys((missing.json() as { errors: Record<string, string[]> }).errors)).toEqual(['enabled']);
    expect(await audited()).toBe(before);
    expect((await db.select({ n: count() }).from(featureFlags))[0]?.n).toBe(0);
  });
});
