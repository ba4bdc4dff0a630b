/** The back office's customer calls (src/contract/admin-customers.ts): reads only, so no audit entry. */
import type { FastifyInstance } from 'fastify';
import { adminCustomer, adminCustomerList } from '../../../../src/contract/admin-customers';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { adminCalls } from '../staff/index';
import { createCustomerService } from './service';

export async function adminCustomerRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const { registerAdminCall } = adminCalls(api, { db, config });
  const service = createCustomerService({ db });
  registerAdminCall(adminCustomerList, async (request) => ({ success: true as const, ...(await service.list(request.query)) }));
  registerAdminCall(adminCustomer, async (request) => ({ success: true as const, customer: await service.customer(request.params.id) }));
}
