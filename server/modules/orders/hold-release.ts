/**
 * The timer that puts held parts back on sale (ORDER_HOLD_MINUTES after an unpaid order was
 * created), registered with the app so `app.close()` at shutdown stops it and waits for a round
 * under way. Parts released are offered to the back-in-stock requests waiting for them at once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { runBackInStock } from '../product-forms/index';
import { releaseExpiredHolds } from './service';

/** Often enough that a part is back on sale within a minute of its hold running out. */
const RELEASE_INTERVAL_MS = 60_000;

export const orderHoldRelease = fp<{ config: Config; db: Database }>(
  async (app: FastifyInstance, { config, db }) => {
    let running: Promise<void> | null = null;
    const round = async () => {
      const released = await releaseExpiredHolds(db, app.clock());
      if (released.length === 0) return;
      app.log.info({ tags: released }, 'held parts back on sale');
      await runBackInStock(db, { publicUrl: config.publicUrl });
    };
    const timer = setInterval(() => {
      // One round at a time: a round still going when the next is due is not doubled.
      running ??= round()
        .catch((error: unknown) => app.log.error({ err: error }, 'releasing held parts failed'))
        .finally(() => {
          running = null;
        });
    }, RELEASE_INTERVAL_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'order-hold-release' },
);
