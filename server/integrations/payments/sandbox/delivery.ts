/**
 * The sandbox's webhook sender: what Stripe's and PayPal's servers do for a real shop. Each owed
 * event is POSTed to the shop's webhook path (app.inject: the same routes, verification and
 * settlement as a real provider's call), signed at the moment of sending. A non-2xx answer is
 * retried later with a growing delay; a 2xx stamps it delivered. A timer registered with the app
 * sends what is due (stopped by app.close()); tests call `app.sandboxWebhooks.deliverDue()`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../../db/client';
import { periodicRounds } from '../../../plugins/periodic-rounds';
import { createSandboxRepository, type SandboxDeliveryRow } from './sandbox-repository';
import { paypalSignatureHeaders, stripeSignatureHeader } from './signing';

/** Where the providers' webhooks reach the shop (registered by the payments module). */
export const WEBHOOK_PATHS = { stripe: '/web-api/payments/stripe/webhook', paypal: '/web-api/payments/paypal/webhook' } as const;

const DELIVERY_INTERVAL_MS = 1000;
const BATCH = 50;
/** 10 s, 20 s, 40 s… up to an hour between tries, as providers back off. */
const retryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment sandbox's webhook sender (only when a sandbox is in use). */
    sandboxWebhooks?: { deliverDue(): Promise<number> };
  }
}

async function deliverOne(app: FastifyInstance, row: SandboxDeliveryRow, secret: string): Promise<boolean> {
  const at = app.clock();
  const headers =
    row.provider === 'stripe' ? { 'stripe-signature': await stripeSignatureHeader(row.payload, secret, at) } : paypalSignatureHeaders(row.payload, secret, at);
  const response = await app.inject({ method: 'POST', url: WEBHOOK_PATHS[row.provider], headers: { ...headers, 'content-type': 'application/json' }, payload: row.payload });
  return response.statusCode >= 200 && response.statusCode < 300;
}

export const sandboxWebhookDelivery = fp<{ db: Database; sandboxSecret: string }>(
  async (app: FastifyInstance, { db, sandboxSecret }) => {
    const repo = createSandboxRepository(db);
    /** Sends everything due now; answers how many were accepted. */
    const round = async (): Promise<number> => {
      let accepted = 0;
      for (;;) {
        const now = app.clock();
        const due = await repo.claimDue(now, BATCH, (attempts) => new Date(now.getTime() + retryDelayMs(attempts)));
        for (const row of due) {
          if (await deliverOne(app, row, sandboxSecret)) {
            await repo.markDelivered(row.id, app.clock());
            accepted += 1;
          }
        }
        if (due.length < BATCH) return accepted;
      }
    };
    // One round at a time in this process: a test's call waits for the timer's round under way,
    // so it sees every delivery that round made.
    const rounds = periodicRounds(app, { name: 'sandbox webhook delivery', intervalMs: DELIVERY_INTERVAL_MS, timeLimitMs: 60_000, round });
    app.decorate('sandboxWebhooks', { deliverDue: rounds.runRound });
  },
  { name: 'payment-sandbox-webhooks' },
);
