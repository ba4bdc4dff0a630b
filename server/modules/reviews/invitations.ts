/**
 * The review invitation (issue 32): a week after an order is delivered, its buyer is mailed once
 * with a link to the order in their account, where each delivered line offers the review form.
 * A round every REVIEW_INVITATION_INTERVAL_MS in each API process; a round claims the orders it
 * mails (a review_invitations row each, ON CONFLICT DO NOTHING) in the transaction that puts the
 * mails in the outbox, so two processes' rounds side by side mail each order once, and a failed
 * round mails nothing and claims nothing. Orders delivered more than INVITATION_WINDOW_DAYS ago
 * are never invited: the round starting on a shop with years of deliveries mails nobody late.
 * `app.reviewInvitations.runRound()` runs one now, as the tests do on an injected clock.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ORDER_STATUS } from '../../../src/domain/orders';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createOutboxMailer } from '../../integrations/mail';
import { periodicRounds } from '../../plugins/periodic-rounds';
import { createReviewRepository } from './repository';

const DAY_MS = 86_400_000;
/** How long after delivery the invitation is sent. */
export const INVITATION_DELAY_DAYS = 7;
/** Deliveries older than this are past inviting. */
export const INVITATION_WINDOW_DAYS = 30;
/** Orders claimed per transaction. */
const BATCH_SIZE = 100;

export interface InvitationReport {
  mailed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    reviewInvitations: { runRound(): Promise<InvitationReport> };
  }
}

async function inviteBatch(db: Database, { publicUrl, now }: { publicUrl: string; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await createReviewRepository(tx).claimInvitations({
      from: new Date(now.getTime() - INVITATION_WINDOW_DAYS * DAY_MS),
      to: new Date(now.getTime() - INVITATION_DELAY_DAYS * DAY_MS),
      at: now,
      limit: BATCH_SIZE,
      deliveredStatusId: ORDER_STATUS.DELIVERED,
    });
    const mailer = createOutboxMailer(tx);
    for (const order of claimed) {
      await mailer.send({
        to: order.email,
        subject: `How did your parts from order ${order.number} work out?`,
        text: [
          `Hello ${order.firstName},`,
          '',
          `Your order ${order.number} was delivered a week ago. Would you review what you bought? Other buyers read reviews from real buyers before they choose a used part.`,
          '',
          ...order.lines.map((line) => `- ${line}`),
          '',
          `Review them from your order in your account: ${publicUrl}/panel/client/orders`,
        ].join('\n'),
      });
    }
    return claimed.length;
  });
}

export const reviewInvitationRounds = fp<{ db: Database; config: Config }>(
  async (app: FastifyInstance, { db, config }) => {
    const rounds = periodicRounds(app, {
      name: 'review invitations mailed',
      intervalMs: config.reviewInvitations.intervalMs,
      timeLimitMs: 2 * 60_000,
      round: async (signal) => {
        let mailed = 0;
        // Batch after batch until none is full; past the time limit the rest waits for the next round.
        for (;;) {
          const batch = await inviteBatch(db, { publicUrl: config.publicUrl, now: app.clock() });
          mailed += batch;
          if (batch < BATCH_SIZE || signal.aborted) return { mailed };
        }
      },
      worthLogging: (report) => report.mailed > 0,
    });
    app.decorate('reviewInvitations', rounds);
  },
  { name: 'review-invitations' },
);
