/**
 * The live feature flags. `config.flags` starts as the FEATURE_* settings; what staff set in the
 * back office (feature_flags) is copied over it at start, at once after a change made in this
 * process, and every FEATURE_FLAGS_POLL_MS from the database, so every process of the shop
 * follows a change within that time. Code reads `config.flags` at each call, so it needs nothing
 * else: the payment methods, the loyalty discount, the company account forms and the app props all
 * follow a switch from their next request on.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FeatureFlags } from '../../../../src/contract/app-props';
import { FEATURE_FLAG_KEYS, isFeatureFlagKey } from '../../../../src/domain/feature-flags';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { periodicRounds } from '../../../plugins/periodic-rounds';
import { createFeatureFlagRepository } from './repository';

export interface LiveFlags {
  /** The FEATURE_* settings, as the process started with them. */
  readonly settings: Readonly<FeatureFlags>;
  /** Reads the database's flags into config.flags. */
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveFlags: LiveFlags;
  }
}

export function createLiveFlags(db: Database, config: Config): LiveFlags {
  const settings: FeatureFlags = { ...config.flags };
  const repository = createFeatureFlagRepository(db);
  return {
    settings,
    async refresh() {
      const set = new Map((await repository.list()).filter((row) => isFeatureFlagKey(row.key)).map((row) => [row.key, row.enabled]));
      const live = { ...settings };
      for (const key of FEATURE_FLAG_KEYS) {
        const enabled = set.get(key);
        if (enabled !== undefined) live[key] = enabled ? 1 : 0;
      }
      Object.assign(config.flags, live);
    },
  };
}

async function liveFlagsPlugin(app: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const flags = createLiveFlags(db, config);
  await flags.refresh();
  app.decorate('liveFlags', flags);
  periodicRounds(app, { name: 'feature flags refresh', intervalMs: config.flagsPollMs, timeLimitMs: 30_000, round: () => flags.refresh() });
}

export const liveFeatureFlags = fp(liveFlagsPlugin, { name: 'live-feature-flags' });
