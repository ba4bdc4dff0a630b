/** A valid request of each customer call, for the permission matrix test. */
import { addTestMember } from '../../../test/customers';
import type { AdminSample } from '../../../test/staff';

export const CUSTOMER_SAMPLES: Record<string, AdminSample> = {
  'GET /admin/customers/list.json': async () => ({ url: '/web-api/admin/customers/list.json?q=jo&page=1' }),
  'GET /admin/customers/:id': async (db) => ({ url: `/web-api/admin/customers/${await addTestMember(db)}` }),
};
