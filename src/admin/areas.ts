/**
 * The back office's areas as the side navigation lists them, each with the permission its screens
 * need (src/domain/staff-permissions.ts). An area shows only to a role that has its permission and
 * only once its route exists in the route tree (src/admin/routes), so an area whose screens are not
 * built yet is never a dead link.
 */
import type { Permission } from '../domain/staff-permissions';

export interface Area {
  label: string;
  /** The area's path inside the back office (the router's basepath /admin is added). */
  path: string;
  /** null: every member of staff. */
  permission: Permission | null;
}

export const AREAS: readonly Area[] = [
  { label: 'Dashboard', path: '/', permission: null },
  { label: 'Orders', path: '/orders', permission: 'orders.read' },
  { label: 'Returns', path: '/returns', permission: 'returns.manage' },
  { label: 'Warranty claims', path: '/warranty-claims', permission: 'returns.manage' },
  { label: 'Part requests', path: '/part-requests', permission: 'part-requests.manage' },
  { label: 'Stock', path: '/stock', permission: 'stock.read' },
  { label: 'Customers', path: '/customers', permission: 'customers.read' },
  { label: 'Content', path: '/content', permission: 'content.manage' },
  { label: 'Discount codes', path: '/discount-codes', permission: 'discount-codes.manage' },
  { label: 'Loyalty', path: '/loyalty', permission: 'loyalty.manage' },
  { label: 'Flags', path: '/flags', permission: 'flags.manage' },
  { label: 'Staff', path: '/staff', permission: 'staff.manage' },
  { label: 'Audit log', path: '/audit-log', permission: 'audit.read' },
];

/** The areas a role with these permissions sees, among the paths the route tree has. */
export function visibleAreas(permissions: readonly Permission[], hasRoute: (path: string) => boolean): Area[] {
  return AREAS.filter((area) => (area.permission === null || permissions.includes(area.permission)) && hasRoute(area.path));
}
