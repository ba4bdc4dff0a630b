/** The SMTP adapter: nodemailer on the server SMTP_URL names (smtp:// or smtps://, credentials in the URL). */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Mailer, MailMessage } from './mailer';

export interface SmtpOptions {
  url: string;
  /** The From header, e.g. 'PartsFinder UK <parts@example.co.uk>'. */
  from: string;
}

/** A server that stops answering must not hold the relay for nodemailer's default minutes. */
const TIMEOUT_MS = 15_000;

export function smtpMessage(message: MailMessage, from: string): Mail.Options {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
  };
}

export function createSmtpMailer({ url, from }: SmtpOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS });
  return {
    async send(message) {
      await transport.sendMail(smtpMessage(message, from));
    },
    close: () => transport.close(),
  };
}
