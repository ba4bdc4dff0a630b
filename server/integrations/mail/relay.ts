/**
 * Hands the outbox's unsent mails to a mailer (SMTP). Delivery is at most once: a mail is stamped
 * sent before it is handed on and unstamped if that fails, so a process dying in between loses
 * that one mail rather than sending it twice.
 *
 * An SMTP server that cannot be reached or does not answer in time (no SMTP reply at all) is an
 * outage, not a fault of the mail: the mail goes back unsent without using up one of its attempts,
 * the rest of the round waits too, and the log says so once until a mail goes out again. So mails
 * wait in the outbox for as long as SMTP is away and are relayed when it returns. A refusal by the
 * server (an SMTP reply) counts as an attempt; after MAX_DELIVERY_ATTEMPTS the mail is given up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from './mailer';
import { createOutboxRepository, MAX_DELIVERY_ATTEMPTS } from './outbox-repository';

const BATCH_SIZE = 20;

export const SMTP_AWAY_MESSAGE = 'SMTP server unavailable: mails wait in the outbox until it answers';
export const SMTP_BACK_MESSAGE = 'SMTP server answers again: the outbox is being relayed';

/** Failed before the server replied to anything of this mail (nodemailer sets responseCode from an SMTP reply). */
function serverAway(error: unknown): boolean {
  const responseCode = typeof error === 'object' && error !== null ? (error as { responseCode?: unknown }).responseCode : undefined;
  return typeof responseCode !== 'number';
}

export function createOutboxRelay(db: Database, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>) {
  const outbox = createOutboxRepository(db);
  let away = false;
  return {
    /** Delivers what is unsent now; answers how many mails went out. */
    async deliverPending(): Promise<number> {
      let delivered = 0;
      const claimed = await outbox.claimUnsent(BATCH_SIZE);
      for (const [index, mail] of claimed.entries()) {
        try {
          await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
          delivered += 1;
          if (away) log.info(SMTP_BACK_MESSAGE);
          away = false;
        } catch (error) {
          if (serverAway(error)) {
            // This mail and the rest of the round go back as they were, for the next round.
            for (const waiting of claimed.slice(index)) await outbox.release(waiting.id, { countAttempt: false });
            if (!away) log.warn({ err: error, waiting: claimed.length - index }, SMTP_AWAY_MESSAGE);
            away = true;
            break;
          }
          await outbox.release(mail.id, { countAttempt: true });
          const givenUp = mail.deliveryAttempts + 1 >= MAX_DELIVERY_ATTEMPTS;
          log.error({ err: error, mailId: mail.id }, givenUp ? 'mail delivery failed; giving up' : 'mail delivery failed; will retry');
        }
      }
      return delivered;
    },
  };
}
