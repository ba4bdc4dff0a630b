/**
 * The mail outbox.
 * Owned by server/integrations/mail: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail the shop sends, written in the transaction of what caused it, so a mail goes out
 * exactly when its cause was stored. With SMTP configured a relay delivers the unsent ones and
 * stamps sent_at; without, they stay here and /dev/outbox shows them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Failed hand-overs to SMTP; the relay gives up on a mail after a few. */
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
  },
  // The relay's question: which mails are still to send, oldest first.
  (table) => [index('mail_outbox_unsent_idx').on(table.id).where(sql`${table.sentAt} IS NULL`)],
);
