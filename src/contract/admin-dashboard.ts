/**
 * GET /admin/dashboard.json — the back office's first screen: what needs attention now. Any
 * signed-in member of staff may ask; each section is in the answer only for a role that may see
 * its area (src/domain/staff-permissions.ts): today's orders and the unpaid orders whose hold ends
 * soon need 'orders.read', open returns 'returns.manage', open part requests 'part-requests.manage'.
 */
import * as z from 'zod/mini';
import { defineAdminCall } from './admin-access';
import { success } from './envelope';

/** An unpaid order's parts are held for it until its hold ends; the dashboard lists holds ending within this. */
export const HOLD_ENDING_MINUTES = 30;

export const adminDashboard = defineAdminCall('staff', {
  method: 'GET',
  path: '/admin/dashboard.json',
  summary: 'Back-office dashboard',
  response: success({
    /** Orders placed since midnight in London: how many, and their totals in pence. */
    today_orders: z.optional(z.object({ count: z.int(), total: z.int() })),
    /** Unpaid orders whose hold on their parts ends within HOLD_ENDING_MINUTES, soonest first. */
    holds_ending: z.optional(
      z.object({
        within_minutes: z.int(),
        orders: z.array(z.object({ id: z.int(), number: z.string(), email: z.string(), to_pay: z.int(), hold_expires_at: z.string() })),
      }),
    ),
    /** Returns not yet refunded or rejected. */
    open_returns: z.optional(z.int()),
    /** Part requests still new or being searched for. */
    open_part_requests: z.optional(z.int()),
  }),
});
