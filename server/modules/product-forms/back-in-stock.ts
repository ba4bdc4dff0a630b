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
 * a held part); main.ts also runs it on a timer, since parts arrive by other ways too.
 */
import { sql } from 'drizzle-orm';
import { formatMoney, grossFromNet } from '../../../src/domain/money';
import { t } from '../../../src/domain/messages';
import type { Database } from '../../db/client';
import { createOutboxMailer } from '../../integrations/mail';
import { partUrl } from './service';

/** Requests claimed per transaction: a round with more goes on in further batches. */
const BATCH_SIZE = 100;

interface ClaimedRequest {
  id: number;
  email: string;
  firstName: string;
  /** As the request recorded them (what the person asked for). */
  partName: string;
  makeName: string;
  modelName: string;
  /** The available part the mail names. */
  tag: string;
  priceNet: number;
  rawPartName: string;
  partTypeName: string;
  partTypeExternalName: string;
  partMakeName: string;
  partModelName: string;
}

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
    // The part named is the very part the person looked at when it is back on sale, else the
    // newest matching one.
    const result = await tx.execute(
      sql`WITH due AS (
            SELECT n.id, (
              SELECT p.id FROM parts p
              WHERE p.status = 'available' AND p.part_type_id = n.part_type_id AND p.make_id = n.make_id AND p.model_id = n.model_id
              ORDER BY (p.tag = n.part_tag) DESC, p.created_at DESC, p.id DESC
              LIMIT 1
            ) AS part_id
            FROM product_notifications n
            WHERE n.status = 'waiting'
              AND EXISTS (
                SELECT 1 FROM parts p
                WHERE p.status = 'available' AND p.part_type_id = n.part_type_id AND p.make_id = n.make_id AND p.model_id = n.model_id
              )
            ORDER BY n.id
            LIMIT ${BATCH_SIZE}
            FOR UPDATE OF n SKIP LOCKED
          ),
          marked AS (
            UPDATE product_notifications n
            SET status = 'notified', notified_at = now(), notified_part_tag = p.tag
            FROM due JOIN parts p ON p.id = due.part_id
            WHERE n.id = due.id AND n.status = 'waiting'
            RETURNING n.id, n.email, n.first_name, n.part_name, n.make_name, n.model_name, p.id AS part_id
          )
          SELECT marked.id, marked.email, marked.first_name AS "firstName", marked.part_name AS "partName",
                 marked.make_name AS "makeName", marked.model_name AS "modelName",
                 p.tag, p.price_net AS "priceNet", p.part_name AS "rawPartName",
                 pt.name AS "partTypeName", pt.external_name AS "partTypeExternalName",
                 mk.name AS "partMakeName", md.name AS "partModelName"
          FROM marked
          JOIN parts p ON p.id = marked.part_id
          JOIN part_types pt ON pt.id = p.part_type_id
          JOIN makes mk ON mk.id = p.make_id
          JOIN models md ON md.id = p.model_id
          ORDER BY marked.id`,
    );
    // Both drivers answer { rows }, though their result types differ.
    const claimed = (result as unknown as { rows: ClaimedRequest[] }).rows;
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

export interface BackInStockTimer {
  /** Stops the timer and waits for a round under way. */
  stop(): Promise<void>;
}

/**
 * Runs {@link runBackInStock} every `intervalMs`, one round at a time; a failed round is reported
 * and the next one tries again.
 */
export function startBackInStockTimer(
  db: Database,
  options: BackInStockOptions & { intervalMs: number; onError: (error: unknown) => void },
): BackInStockTimer {
  // A round still going when the next is due: that one is skipped, rounds never pile up.
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= runBackInStock(db, options)
      .then(() => undefined, options.onError)
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
