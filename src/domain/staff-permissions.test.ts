import { describe, expect, it } from 'vitest';
import { can, isStaffRole, PERMISSIONS, permissionsOf, ROLE_PERMISSIONS, STAFF_ROLES } from './staff-permissions';

describe('staff permissions', () => {
  it('gives the owner every permission', () => {
    for (const permission of PERMISSIONS) expect(can('owner', permission)).toBe(true);
  });

  it('keeps staff accounts and the audit log to the owner', () => {
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(can(role, 'staff.manage')).toBe(false);
      expect(can(role, 'audit.read')).toBe(false);
    }
  });

  it('gives each role its own part of the shop and not the others', () => {
    expect(can('sales', 'returns.manage')).toBe(true);
    expect(can('sales', 'part-requests.manage')).toBe(true);
    expect(can('sales', 'customers.read')).toBe(true);
    expect(can('sales', 'stock.manage')).toBe(false);
    // Sales dispatch at the desk too; the warehouse neither cancels nor refunds.
    expect(can('sales', 'orders.dispatch')).toBe(true);
    expect(can('warehouse', 'orders.manage')).toBe(false);
    expect(can('warehouse', 'stock.manage')).toBe(true);
    expect(can('warehouse', 'orders.dispatch')).toBe(true);
    expect(can('warehouse', 'customers.read')).toBe(false);
    expect(can('warehouse', 'content.manage')).toBe(false);
    expect(can('content', 'content.manage')).toBe(true);
    expect(can('content', 'discount-codes.manage')).toBe(true);
    expect(can('content', 'loyalty.manage')).toBe(true);
    expect(can('content', 'flags.manage')).toBe(true);
    expect(can('sales', 'flags.manage')).toBe(false);
    expect(can('content', 'orders.read')).toBe(false);
  });

  it('names only known permissions, each once, and lists them in the table order', () => {
    for (const role of STAFF_ROLES) {
      const listed = ROLE_PERMISSIONS[role];
      expect(new Set(listed).size).toBe(listed.length);
      for (const permission of listed) expect(PERMISSIONS).toContain(permission);
      expect(permissionsOf(role)).toEqual(PERMISSIONS.filter((p) => listed.includes(p)));
    }
  });

  it('tells a role from any other string', () => {
    expect(isStaffRole('warehouse')).toBe(true);
    expect(isStaffRole('admin')).toBe(false);
    expect(isStaffRole('Owner')).toBe(false);
  });
});
