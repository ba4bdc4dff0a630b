/** A valid request of each feature-flag call for the permission matrix test. */
import type { AdminSample } from '../../../test/staff';

let switched = false;

export const FLAG_SAMPLES: Record<string, AdminSample> = {
  'GET /admin/flags.json': async () => ({ url: '/web-api/admin/flags.json' }),
  // Each try switches the flag the other way, so every allowed try is a change.
  'POST /admin/flags/:key': async () => {
    switched = !switched;
    return { url: '/web-api/admin/flags/lowestPrice', payload: { enabled: !switched } };
  },
};
