import type { FastifyInstance } from 'fastify';
import { adminDashboard } from '../../../../src/contract/admin-dashboard';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { adminCalls, staffOf } from '../staff/index';
import { dashboardFor } from './service';

export async function dashboardRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const { registerAdminCall } = adminCalls(api, { db, config });
  registerAdminCall(adminDashboard, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, ...(await dashboardFor(db, staffOf(request).role, api.clock())) };
  });
}
