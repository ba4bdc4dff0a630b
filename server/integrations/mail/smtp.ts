/** The SMTP adapter: nodemailer on the server SMTP_URL names (smtp:// or smtps://, credentials in the URL). */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Mailer, MailMessage } from './mailer';

export interface SmtpOptions {
  url: string;
  /** The From header, e.g. 'PartsFinder UK <parts@example.co.uk>'. */
  from: string;
  /**
   * SMTP_TIMEOUT_MS: the limit of connecting, of the server's greeting and of each command, so a
   * server that stops answering holds the relay this long instead of nodemailer's minutes.
   */
  timeoutMs?: number;
}

export function smtpMessage(message: MailMessage, from: string): Mail.Options {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
  };
}

export function createSmtpMailer({ url, from, timeoutMs = 10_000 }: SmtpOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  return {
    async send(message) {
      await transport.sendMail(smtpMessage(message, from));
    },
    close: () => transport.close(),
  };
}
