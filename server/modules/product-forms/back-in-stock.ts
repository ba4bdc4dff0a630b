/**
 * Back in stock (SPEC §2, §3 availability notification): each waiting request for which an
 * available part of the same part type, make and model exists gets one e-mail naming that part,
 * and is marked notified in the same transaction that puts the mail in the outbox.
 *
 * Exactly once, even when runs overlap (a timer in each of several processes, or the cart
 * releasing a part while the timer runs): a run claims its requests with SELECT … FOR UPDATE
 * SKIP LOCKED and an UPDATE that still requires status 'waiting', so a request another run holds
 * is skipped and one it already notified is no longer waiting. The mail and the claim commit or
 * roll back together.
 *
 * Other modules call {@link runBackInStock} after putting parts back on sale (the cart releasing
 * a held part); {@link backInStockRounds} also runs it on a timer, since parts arrive by other ways too.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { formatMoney, grossFromNet } from '../../../src/domain/money';
import { t } from '../../../src/domain/messages';
import type { Database } from '../../db/client';
import { createOutboxMailer } from '../../integrations/mail';
import { periodicRounds } from '../../plugins/periodic-rounds';
import { createProductFormRepository } from './repository';
import { partUrl } from './service';

/** Requests claimed per transaction: a round with more goes on in further batches. */
const BATCH_SIZE = 100;

export interface BackInStockOptions {
  /** The shop's public address without a trailing slash, for the link in the mail. */
  publicUrl: string;
}

/**
 * One batch in one transaction: claims up to BATCH_SIZE waiting requests that an available part
 * matches, marks them notified and writes their mails. Answers how many it notified.
 */
async function notifyBatch(db: Database, { publicUrl }: BackInStockOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await createProductFormRepository(tx).claimBackInStock(BATCH_SIZE);
    const mailer = createOutboxMailer(tx);
    for (const request of claimed) {
      const names = { partName: request.partName, make: request.makeName, model: request.modelName };
      const url = partUrl(publicUrl, {
        tag: request.tag,
        makeName: request.partMakeName,
        modelName: request.partModelName,
        partName: request.rawPartName,
        partTypeName: request.partTypeName,
        partTypeExternalName: request.partTypeExternalName,
      });
      await mailer.send({
        to: request.email,
        subject: t('notifications.available_subject', names),
        text: t('notifications.available_text', {
          ...names,
          firstName: request.firstName,
          price: formatMoney(grossFromNet(request.priceNet)),
          productUrl: url,
        }),
      });
    }
    return claimed.length;
  });
}

/**
 * Notifies every waiting request that an available part now matches; answers how many. Safe to
 * call from anywhere at any time, as often as wanted, concurrently too.
 */
export async function runBackInStock(db: Database, options: BackInStockOptions): Promise<number> {
  let total = 0;
  for (;;) {
    const notified = await notifyBatch(db, options);
    total += notified;
    if (notified < BATCH_SIZE) return total;
  }
}

/**
 * Runs {@link runBackInStock} every `intervalMs` (BACK_IN_STOCK_INTERVAL_MS), one round at a time;
 * a failed round is logged and the next one tries again.
 */
export const backInStockRounds = fp<BackInStockOptions & { db: Database; intervalMs: number }>(
  async (app: FastifyInstance, { db, intervalMs, publicUrl }) => {
    periodicRounds(app, { name: 'back-in-stock round', intervalMs, timeLimitMs: 2 * 60_000, round: () => runBackInStock(db, { publicUrl }) });
  },
  { name: 'back-in-stock-rounds' },
);
