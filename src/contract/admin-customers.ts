/**
 * The back office's customers (customers.read): find a member and see their account as the shop
 * knows it — details, addresses, orders, returns, part requests and garage vehicles. Never a
 * password (or its hash), card data, an authenticator secret or anything of their sessions: the
 * answers are built field by field from these schemas, and an API test looks for such fields.
 */
import * as z from 'zod/mini';
import { defineAdminCall } from './admin-access';
import { paginatorSchema } from './catalogue';
import { success } from './envelope';
import { idParam, text } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

export const CUSTOMER_PAGE_SIZE = 25;

export const customerSummarySchema = lazySchema(() => z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  type: z.enum(['PRIVATE', 'COMPANY']),
  is_guest: z.boolean(),
  /** The postcode of their latest address, or '' without one. */
  postcode: z.string(),
  orders: z.int(),
  created_at: z.string(),
}));
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/**
 * GET /admin/customers/list.json — members and guests, newest first, 25 a page. `q` finds a name
 * (first, last or both), an e-mail (from its start), a postcode (spaces ignored) or an order number.
 */
export const adminCustomerList = defineAdminCall('customers.read', {
  method: 'GET',
  path: '/admin/customers/list.json',
  summary: 'Find customers',
  query: z.object({
    q: z.optional(text(100)),
    page: z.optional(z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.gte(1, 'Must be 1 or more.'), z.lte(100_000, 'Too large.'))),
  }),
  response: success({ records: z.array(customerSummarySchema), paginator: paginatorSchema }),
});

const statusSchema = lazySchema(() => z.object({ name: z.string(), color_rgba: z.string() }));

export const customerSchema = lazySchema(() => z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  type: z.enum(['PRIVATE', 'COMPANY']),
  is_guest: z.boolean(),
  newsletter: z.boolean(),
  created_at: z.string(),
  last_login_at: z.nullable(z.string()),
  profile: z.object({ company_name: z.string(), vat_no: z.string(), mobile: z.string(), phone: z.string(), work: z.string() }),
  addresses: z.array(
    z.object({
      id: z.int(),
      address_type: z.string(),
      name: z.string(),
      company_name: z.string(),
      lines: z.array(z.string()),
      postcode: z.string(),
      phone: z.string(),
    }),
  ),
  orders: z.array(z.object({ id: z.int(), number: z.string(), created: z.string(), total_value: z.int(), to_pay: z.int(), status: statusSchema, lines: z.int() })),
  returns: z.array(z.object({ id: z.int(), order_number: z.string(), part: z.string(), status: z.string(), created: z.string() })),
  part_requests: z.array(z.object({ id: z.int(), car_reg: z.string(), part_name: z.string(), status: statusSchema, found_part_tag: z.nullable(z.string()), created: z.string() })),
  garage: z.array(z.object({ id: z.int(), vrn: z.nullable(z.string()), vehicle: z.string(), is_current: z.boolean() })),
}));
export type Customer = z.infer<typeof customerSchema>;

/** GET /admin/customers/:id — one customer's account as the shop knows it. 404 for no such member. */
export const adminCustomer = defineAdminCall('customers.read', {
  method: 'GET',
  path: '/admin/customers/:id',
  summary: 'A customer',
  params: z.object({ id: idParam }),
  response: success({ customer: customerSchema }),
});
