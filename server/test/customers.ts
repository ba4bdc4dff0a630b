/** Back-office customer test helpers: a valid request of each customer call, for the permission matrix test. */
import { members } from '../db/schema';
import type { AdminSample } from './staff';

let made = 0;

export const CUSTOMER_SAMPLES: Record<string, AdminSample> = {
  'GET /admin/customers/list.json': async () => ({ url: '/web-api/admin/customers/list.json?q=jo&page=1' }),
  'GET /admin/customers/:id': async (db) => {
    made += 1;
    const [member] = await db.insert(members).values({ email: `customer${made}@example.com`, firstName: 'Jo', lastName: 'Bloggs' }).returning({ id: members.id });
    return { url: `/web-api/admin/customers/${member?.id ?? 0}` };
  },
};
