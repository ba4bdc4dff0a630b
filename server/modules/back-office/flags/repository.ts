import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { featureFlags, staff } from '../../../db/schema';

/** The flags staff have set: one row a flag, with who set it last. */
export function createFeatureFlagRepository(db: Database) {
  return {
    async list() {
      return db
        .select({ key: featureFlags.key, enabled: featureFlags.enabled, updatedAt: featureFlags.updatedAt, updatedBy: staff.name })
        .from(featureFlags)
        .leftJoin(staff, eq(staff.id, featureFlags.updatedBy));
    },

    async set(key: string, enabled: boolean, at: Date, staffId: number): Promise<void> {
      await db
        .insert(featureFlags)
        .values({ key, enabled, updatedAt: at, updatedBy: staffId })
        .onConflictDoUpdate({ target: featureFlags.key, set: { enabled, updatedAt: at, updatedBy: staffId } });
    },
  };
}
