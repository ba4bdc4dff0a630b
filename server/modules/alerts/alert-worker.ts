/**
 * The alerts' worker loop, registered with the app like the hold release (orders/hold-release.ts):
 * a round every ALERT_INTERVAL_MS on the app's clock, one at a time in this process, stopped by
 * app.close() (which waits for a round under way). `app.stockAlerts.runRound()` runs one now: the
 * tests drive rounds with it, on an injected clock.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAlertRepository } from './repository';
import type { Database } from '../../db/client';
import type { PushSender } from '../../integrations/push';
import type { StockSearch } from '../catalogue/index';
import { periodicRounds } from '../../plugins/periodic-rounds';
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
    const rounds = periodicRounds(app, {
      round: () => runAlertRound(deps),
      intervalMs: options.intervalMs,
      // Mails and pushes, each with its own timeout.
      timeLimitMs: 5 * 60_000,
      name: 'stock alerts round',
      worthLogging: (report) => report.messages > 0 || report.arrivals > 0,
    });
    app.decorate('stockAlerts', rounds);
    const waiting = createAlertRepository(options.db);
    if (app.hasDecorator('metrics')) app.metrics.queueDepth('alerts', () => waiting.unmatchedArrivals());
  },
  { name: 'stock-alerts' },
);
