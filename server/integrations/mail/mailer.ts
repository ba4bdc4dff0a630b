/**
 * The mail port. Adapters: the outbox (a table; the default, and what /dev/outbox shows) and SMTP
 * through nodemailer. Code that sends mail writes it to the outbox in its own transaction; with
 * SMTP configured the outbox relay hands it on (relay.ts).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
