/**
 * The alerts' worker loop, registered with the app like the hold release (orders/hold-release.ts):
 * a round every ALERT_INTERVAL_MS on the app's clock, one at a time in this process, stopped by
 * app.close() (which waits for a round under way). `app.stockAlerts.runRound()` runs one now: the
 * tests drive rounds with it, on an injected clock.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { PushSender } from '../../integrations/push';
import type { StockSearch } from '../catalogue/index';
import type { UnsubscribeTokens } from './unsubscribe-token';
import { type RoundReport, runAlertRound } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    stockAlerts: { runRound(): Promise<RoundReport> };
  }
}

export interface AlertWorkerOptions {
  db: Database;
  stock: StockSearch;
  tokens: UnsubscribeTokens;
  push: () => PushSender;
  publicUrl: string;
  batchSize: number;
  settleMs: number;
  intervalMs: number;
}

export const alertWorker = fp<AlertWorkerOptions>(
  async (app: FastifyInstance, options) => {
    const deps = { ...options, now: app.clock, log: app.log };
    let running: Promise<void> | null = null;
    const runRound = (): Promise<RoundReport> => {
      // One round at a time in this process: a second caller waits for the round under way, then runs its own.
      const next = (running ?? Promise.resolve()).then(() => runAlertRound(deps));
      // The caller hears of a failed round through `next`; the marker kept here must never reject,
      // since nobody awaits it and an unhandled rejection ends the process.
      const tracked: Promise<void> = next.then(
        () => undefined,
        () => undefined,
      );
      running = tracked;
      void tracked.then(() => {
        if (running === tracked) running = null;
      });
      return next;
    };
    app.decorate('stockAlerts', { runRound });
    const timer = setInterval(() => {
      if (running) return;
      runRound().then(
        (report) => {
          if (report.messages > 0 || report.arrivals > 0) app.log.info(report, 'stock alerts round');
        },
        (error: unknown) => app.log.error({ err: error }, 'stock alerts round failed'),
      );
    }, options.intervalMs).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'stock-alerts' },
);
