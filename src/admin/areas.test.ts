import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../domain/staff-permissions';
import { AREAS, visibleAreas } from './areas';

const everyRoute = () => true;
const labels = (role: Parameters<typeof permissionsOf>[0]) => visibleAreas(permissionsOf(role), everyRoute).map((area) => area.label);

describe('the side navigation', () => {
  it('shows the owner every area', () => {
    expect(labels('owner')).toEqual(AREAS.map((area) => area.label));
  });

  it("shows sales their areas and stock (they read it), never staff, the audit log or content's", () => {
    expect(labels('sales')).toEqual(['Dashboard', 'Orders', 'Returns', 'Warranty claims', 'Part requests', 'Stock', 'Customers']);
  });

  it('shows the warehouse orders (to pick and dispatch) and stock', () => {
    expect(labels('warehouse')).toEqual(['Dashboard', 'Orders', 'Stock']);
  });

  it('shows content its areas', () => {
    expect(labels('content')).toEqual(['Dashboard', 'Content', 'Discount codes', 'Loyalty', 'Flags']);
  });

  it('leaves out an area whose screens the route tree does not have', () => {
    expect(visibleAreas(permissionsOf('owner'), (path) => path !== '/orders').map((area) => area.path)).not.toContain('/orders');
  });
});
