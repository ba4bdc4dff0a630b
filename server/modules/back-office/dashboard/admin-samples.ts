import type { AdminSample } from '../../../test/staff';

/** The dashboard's calls for the permission matrix test. */
export const DASHBOARD_SAMPLES: Record<string, AdminSample> = {
  'GET /admin/dashboard.json': async () => ({ url: '/web-api/admin/dashboard.json' }),
};
