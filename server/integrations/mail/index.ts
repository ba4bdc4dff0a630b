/**
 * Mail in the app: the /dev/outbox page and, with SMTP_URL set, the relay that delivers the
 * outbox on a timer. Registered at the root (outside /web-api) as a route, so the SPA's fallback
 * for unknown paths never answers /dev/outbox.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { periodicRounds } from '../../plugins/periodic-rounds';
import { createOutboxRepository } from './outbox-repository';
import { renderOutboxPage } from './outbox-page';
import { createOutboxRelay } from './relay';
import { createSmtpMailer } from './smtp';

export type { Mailer, MailMessage } from './mailer';
export { createOutboxMailer } from './outbox-repository';

/**
 * The mail outbox's part of an account's deletion (the members module's erasure steps, handed to
 * it by the app): run in the deletion's transaction, with the address the member had.
 */
export async function eraseMemberMails(tx: Database, member: { email: string }): Promise<void> {
  await createOutboxRepository(tx).eraseMailsTo(member.email);
}

const OUTBOX_PAGE_PATH = '/dev/outbox';
const OUTBOX_PAGE_SIZE = 100;
const RELAY_INTERVAL_MS = 5_000;

export const mailDelivery = fp<{ config: Config; db: Database }>(
  async (app: FastifyInstance, { config, db }) => {
    const outbox = createOutboxRepository(db);
    app.get(OUTBOX_PAGE_PATH, async (_request, reply) => {
      // Customers' addresses and messages: never on a public site.
      if (!config.devPages) throw notFound();
      const page = renderOutboxPage(await outbox.newest(OUTBOX_PAGE_SIZE), OUTBOX_PAGE_SIZE);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    });

    const { smtpUrl, from, timeoutMs } = config.mail;
    if (!smtpUrl) return;
    if (app.hasDecorator('metrics')) app.metrics.queueDepth('mail', () => outbox.waiting());
    const smtp = createSmtpMailer({ url: smtpUrl, from, timeoutMs });
    const relay = createOutboxRelay(db, smtp, app.log);
    // One round at a time in this process; other processes skip the mails this one has taken.
    const rounds = periodicRounds(app, { name: 'mail relay round', intervalMs: RELAY_INTERVAL_MS, timeLimitMs: 5 * 60_000, round: () => relay.deliverPending() });
    app.addHook('onClose', async () => {
      await rounds.stop();
      smtp.close();
    });
  },
  { name: 'mail-delivery' },
);
