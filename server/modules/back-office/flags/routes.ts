/** The back office's feature flags: the list, and switching one (flags.manage), audited. */
import type { FastifyInstance } from 'fastify';
import { adminFlagList, adminFlagSet, type FeatureFlagRecord } from '../../../../src/contract/admin-flags';
import { FEATURE_FLAG_KEYS, FEATURE_FLAG_TEXTS, type FeatureFlagKey } from '../../../../src/domain/feature-flags';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { adminCalls, staffOf } from '../staff/index';
import { createFeatureFlagRepository } from './repository';

export async function featureFlagRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const { registerAdminCall, audit } = adminCalls(api, { db, config });
  const repository = createFeatureFlagRepository(db);

  async function records(): Promise<FeatureFlagRecord[]> {
    const set = new Map((await repository.list()).map((row) => [row.key, row]));
    return FEATURE_FLAG_KEYS.map((key) => {
      const row = set.get(key);
      return {
        key,
        ...FEATURE_FLAG_TEXTS[key],
        enabled: row ? row.enabled : api.liveFlags.settings[key] === 1,
        setting: api.liveFlags.settings[key] === 1,
        updated_at: row ? row.updatedAt.toISOString() : null,
        updated_by: row ? row.updatedBy : null,
      };
    });
  }
  const recordOf = async (key: FeatureFlagKey) => (await records()).find((record) => record.key === key) as FeatureFlagRecord;

  registerAdminCall(adminFlagList, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, records: await records() };
  });

  registerAdminCall(adminFlagSet, async (request) => {
    const { key } = request.params;
    const { enabled } = request.body;
    const before = await recordOf(key);
    await db.transaction(async (tx) => {
      await createFeatureFlagRepository(tx).set(key, enabled, api.clock(), staffOf(request).id);
      await audit(tx, request, { action: 'flag.set', entity: 'flag', entityId: key, before: { enabled: before.enabled }, after: { enabled } });
    });
    // This process follows at once; the others at their next poll.
    await api.liveFlags.refresh();
    const record = await recordOf(key);
    return { success: true as const, msg: `${record.label} ${enabled ? 'on' : 'off'}.`, record };
  });
}
