/** The dashboard: each section only for a role that may see its area. */
import { HOLD_ENDING_MINUTES } from '../../../../src/contract/admin-dashboard';
import { londonDate, londonTime } from '../../../../src/domain/dates';
import { can, type StaffRole } from '../../../../src/domain/staff-permissions';
import type { Database } from '../../../db/client';
import { createDashboardRepository } from './repository';

export async function dashboardFor(db: Database, role: StaffRole, now: Date) {
  const repository = createDashboardRepository(db);
  const mayReadOrders = can(role, 'orders.read');
  const [today, holds, openReturns, openPartRequests] = await Promise.all([
    mayReadOrders ? repository.ordersSince(londonTime(londonDate(now), 0)) : undefined,
    mayReadOrders ? repository.holdsEnding(now, new Date(now.getTime() + HOLD_ENDING_MINUTES * 60_000)) : undefined,
    can(role, 'returns.manage') ? repository.openReturns() : undefined,
    can(role, 'part-requests.manage') ? repository.openPartRequests() : undefined,
  ]);
  return {
    ...(today ? { today_orders: today } : {}),
    ...(holds
      ? {
          holds_ending: {
            within_minutes: HOLD_ENDING_MINUTES,
            orders: holds.map((order) => ({ id: order.id, number: order.number, email: order.email, to_pay: order.toPay, hold_expires_at: order.holdExpiresAt.toISOString() })),
          },
        }
      : {}),
    ...(openReturns === undefined ? {} : { open_returns: openReturns }),
    ...(openPartRequests === undefined ? {} : { open_part_requests: openPartRequests }),
  };
}
