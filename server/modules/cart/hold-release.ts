/**
 * The cart-hold round (issue 32): holds that ran out end and their parts go back on sale, in the
 * background, one round at a time per process (server/plugins/periodic-rounds.ts). Several API
 * processes may run it at once: each hold ends with one statement that stamps it (holds.ts),
 * so a part is put back once. The back-in-stock requests waiting for released parts are served at
 * once, as after an order's hold. `app.cartHolds.runRound()` runs one now (tests).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { periodicRounds } from '../../plugins/periodic-rounds';
import { runBackInStock } from '../product-forms/index';
import { createCartHolds } from './holds';

export interface CartHoldReport {
  /** The Tags put back on sale. */
  released: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    cartHolds: { runRound(): Promise<CartHoldReport> };
  }
}

/** A part is back on sale within a quarter of its hold after the hold ran out, and within a minute. */
export function cartHoldRoundIntervalMs(holdMinutes: number): number {
  return Math.min(60_000, Math.max(5_000, (holdMinutes * 60_000) / 4));
}

export const cartHoldRelease = fp<{ config: Config; db: Database }>(
  async (app: FastifyInstance, { config, db }) => {
    const holds = createCartHolds(db);
    const rounds = periodicRounds(app, {
      round: async (): Promise<CartHoldReport> => {
        const released = await holds.endHoldsDue(app.clock());
        if (released.length > 0) await runBackInStock(db, { publicUrl: config.publicUrl });
        return { released };
      },
      intervalMs: cartHoldRoundIntervalMs(config.checkout.cartHoldMinutes),
      timeLimitMs: 60_000,
      name: 'cart holds round',
      worthLogging: (report) => report.released.length > 0,
    });
    app.decorate('cartHolds', rounds);
  },
  { name: 'cart-hold-release' },
);
