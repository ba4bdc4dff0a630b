/**
 * Hands the outbox's unsent mails to a mailer (SMTP). Delivery is at most once: a mail is stamped
 * sent before it is handed on and unstamped if that fails, so a process dying in between loses
 * that one mail rather than sending it twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from './mailer';
import { createOutboxRepository, MAX_DELIVERY_ATTEMPTS } from './outbox-repository';

const BATCH_SIZE = 20;

export function createOutboxRelay(db: Database, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>) {
  const outbox = createOutboxRepository(db);
  return {
    /** Delivers what is unsent now; answers how many mails went out. */
    async deliverPending(): Promise<number> {
      let delivered = 0;
      for (const mail of await outbox.claimUnsent(BATCH_SIZE)) {
        try {
          await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
          delivered += 1;
        } catch (error) {
          await outbox.release(mail.id);
          const givenUp = mail.deliveryAttempts + 1 >= MAX_DELIVERY_ATTEMPTS;
          log.error({ err: error, mailId: mail.id }, givenUp ? 'mail delivery failed; giving up' : 'mail delivery failed; will retry');
        }
      }
      return delivered;
    },
  };
}
