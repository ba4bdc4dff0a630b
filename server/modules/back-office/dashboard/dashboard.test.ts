/**
 * GET /admin/dashboard.json: today's orders (since midnight in London), the unpaid orders whose
 * hold ends within the next 30 minutes, open returns and open part requests, each section only
 * for a role that may see its area; a read, so no audit entry.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HOLD_ENDING_MINUTES } from '../../../../src/contract/admin-dashboard';
import { auditLog, orders, partRequests } from '../../../db/schema';
import { testDatabase } from '../../../test/database';
import { PARTS, shopper } from '../../../test/checkout';
import { paymentApp, placeOrder, testClock, usePaymentData } from '../../../test/payments';
import { addOwner, addStaff, enrolAndSignIn, StaffBrowser } from '../../../test/staff';

usePaymentData();

const MINUTE = 60_000;

describe('the back-office dashboard', () => {
  it("counts today's orders, lists holds ending soon, counts open returns and requests, and shows each role only its sections", { timeout: 120_000 }, async () => {
    // 23:30 on 24 November in London (GMT): yesterday's order.
    const clock = testClock('2026-11-24T23:30:00Z');
    const { app } = await paymentApp(clock, { RATE_LIMIT_SIGN_IN_MAX: '1000', RATE_LIMIT_MAX: '100000' });
    const { db } = await testDatabase();
    const staffClock = { now: () => clock(), advance: (ms: number) => clock.advance(ms) };
    await placeOrder(await shopper(app), [PARTS.alternator]);

    clock.advance(10 * 60 * MINUTE + 30 * MINUTE); // 10:00 on the 25th
    const first = await placeOrder(await shopper(app), [PARTS.starter]);
    clock.advance(20 * MINUTE); // 10:20
    const second = await placeOrder(await shopper(app), [PARTS.mirror]);
    const todays = await db.select({ total: orders.totalValue }).from(orders).where(eq(orders.number, first.number));
    const seconds = await db.select({ total: orders.totalValue }).from(orders).where(eq(orders.number, second.number));
    const total = (todays[0]?.total ?? 0) + (seconds[0]?.total ?? 0);
    await db.insert(partRequests).values(
      (['new', 'searching', 'found', 'not_found'] as const).map((status, index) => ({
        carReg: 'AB12CDE',
        email: `asker${index}@example.com`,
        name: 'Asker',
        partName: 'ALTERNATOR',
        status,
        ...(status === 'found' ? { foundPartTag: PARTS.alternatorB } : {}),
        sessionId: `session-${index}`,
      })),
    );

    await addOwner(db, staffClock);
    const owner = (await enrolAndSignIn(app, staffClock, 'owner@example.com')).browser;
    const browsers: Record<string, StaffBrowser> = { owner };
    for (const role of ['sales', 'warehouse', 'content'] as const) {
      await addStaff(owner, role);
      browsers[role] = (await enrolAndSignIn(app, staffClock, `${role}@example.com`)).browser;
    }
    const audited = async () => (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
    const entries = await audited();
    const dashboard = async (role: string) => {
      const response = await browsers[role]!.get('/web-api/admin/dashboard.json');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return response.json();
    };

    // 10:22: the first order's hold ends at 11:00, more than 30 minutes away.
    expect(await dashboard('owner')).toEqual({
      success: true,
      today_orders: { count: 2, total },
      holds_ending: { within_minutes: HOLD_ENDING_MINUTES, orders: [] },
      open_returns: 0,
      open_part_requests: 2,
    });

    clock.advance(15 * MINUTE); // about 10:37: 11:00 is within 30 minutes, 11:20 is not.
    const sales = await dashboard('sales');
    expect(sales.holds_ending.orders).toEqual([{ id: expect.any(Number), number: first.number, email: 'sam@turner-motors.co.uk', to_pay: first.to_pay, hold_expires_at: '2026-11-25T11:00:00.000Z' }]);
    expect(Object.keys(sales).sort()).toEqual(['holds_ending', 'open_part_requests', 'open_returns', 'success', 'today_orders']);
    // The warehouse reads orders (to pick them), not returns or requests; content none of these.
    expect(Object.keys(await dashboard('warehouse')).sort()).toEqual(['holds_ending', 'success', 'today_orders']);
    expect(await dashboard('content')).toEqual({ success: true });

    // A paid order's hold no longer counts as ending.
    await db.update(orders).set({ paidAt: clock() }).where(eq(orders.number, first.number));
    expect((await dashboard('owner')).holds_ending.orders).toEqual([]);

    expect(await audited()).toBe(entries);
    expect((await new StaffBrowser(app).get('/web-api/admin/dashboard.json')).statusCode).toBe(401);
  });
});
