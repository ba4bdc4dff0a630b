/**
 * The back office's feature flags (flags.manage): SPEC §3's flags, each as the shop now has it,
 * its FEATURE_* setting, and who last set it. A change applies to every call and page from the next
 * request on (this process at once; others within FEATURE_FLAGS_POLL_MS).
 */
import * as z from 'zod/mini';
import { FEATURE_FLAG_KEYS } from '../domain/feature-flags';
import { defineAdminCall } from './admin-access';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

export const featureFlagRecordSchema = lazySchema(() => z.object({
  key: z.enum(FEATURE_FLAG_KEYS),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** What the FEATURE_* setting says: the flag's state while staff have not set it. */
  setting: z.boolean(),
  /** When staff last set it, and who; null: it follows its setting. */
  updated_at: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
}));
export type FeatureFlagRecord = z.infer<typeof featureFlagRecordSchema>;

/** GET /admin/flags.json — every flag. */
export const adminFlagList = defineAdminCall('flags.manage', {
  method: 'GET',
  path: '/admin/flags.json',
  summary: 'Feature flags',
  response: success({ records: z.array(featureFlagRecordSchema) }),
});

/** POST /admin/flags/:key — switches a flag on or off (one audit entry). */
export const adminFlagSet = defineAdminCall('flags.manage', {
  method: 'POST',
  path: '/admin/flags/:key',
  summary: 'Switch a feature flag',
  params: z.object({ key: z.enum(FEATURE_FLAG_KEYS, 'Not a feature flag of the shop.') }),
  body: z.object({ enabled: z.boolean('Choose on or off.') }),
  response: success({ msg: z.string(), record: featureFlagRecordSchema }),
});
