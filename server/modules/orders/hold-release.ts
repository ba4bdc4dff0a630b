/**
 * The timer that puts held parts back on sale (ORDER_HOLD_MINUTES after an unpaid order was
 * created), registered with the app so `app.close()` at shutdown stops it and waits for a round
 * under way. Parts released are offered to the back-in-stock requests waiting for them at once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { periodicRounds } from '../../plugins/periodic-rounds';
import { runBackInStock } from '../product-forms/index';
import { releaseExpiredHolds } from './service';

/** Often enough that a part is back on sale within a minute of its hold running out. */
const RELEASE_INTERVAL_MS = 60_000;

export const orderHoldRelease = fp<{ config: Config; db: Database }>(
  async (app: FastifyInstance, { config, db }) => {
    periodicRounds(app, {
      name: 'held parts release',
      intervalMs: RELEASE_INTERVAL_MS,
      timeLimitMs: 60_000,
      round: async () => {
        const released = await releaseExpiredHolds(db, app.clock());
        if (released.length === 0) return;
        app.log.info({ tags: released }, 'held parts back on sale');
        await runBackInStock(db, { publicUrl: config.publicUrl });
      },
    });
  },
  { name: 'order-hold-release' },
);
