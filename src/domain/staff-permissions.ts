/**
 * The back office's roles and what each may do (issue: the back office). The table is data, so
 * the server checks it on every /web-api/admin call and the staff screens hide what a role cannot
 * do from the same source.
 */

/** Staff roles: the owner runs everything; the others their own part of the shop. */
export const STAFF_ROLES = ['owner', 'sales', 'warehouse', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every permission a back-office call may require, in the shop's words. */
export const PERMISSIONS = [
  'orders.read',
  'orders.manage',
  'orders.dispatch',
  'returns.manage',
  'part-requests.manage',
  'customers.read',
  'stock.read',
  'stock.manage',
  'content.manage',
  'discount-codes.manage',
  'loyalty.manage',
  'flags.manage',
  'staff.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Role → permissions. Sales: orders, returns, part requests, customers. Warehouse: stock and
 * dispatch (it reads orders to pick and pack them). Content: jobs, articles, pages, discount codes,
 * loyalty thresholds, feature flags. Owner: all of it, plus staff accounts and the audit log.
 *
 * An order's fulfilment steps (picked, dispatched with carrier and tracking number, delivered) need
 * orders.dispatch, which the warehouse has and sales has too (sales dispatch at the desk when the
 * warehouse is away, and answer the customer who asks); cancelling an unpaid order and refunding
 * money need orders.manage, which the warehouse has not (src/domain/order-fulfilment.ts).
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  sales: ['orders.read', 'orders.manage', 'orders.dispatch', 'returns.manage', 'part-requests.manage', 'customers.read', 'stock.read'],
  warehouse: ['orders.read', 'orders.dispatch', 'stock.read', 'stock.manage'],
  content: ['content.manage', 'discount-codes.manage', 'loyalty.manage', 'flags.manage'],
};

/** Whether a member of staff with this role may do what the permission names. */
export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** A role's permissions in the table's order (what GET /admin/me tells the screens). */
export function permissionsOf(role: StaffRole): Permission[] {
  return PERMISSIONS.filter((permission) => can(role, permission));
}

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);
