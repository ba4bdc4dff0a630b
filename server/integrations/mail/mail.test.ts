import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { testApp } from '../../test/app';
import { resetDatabase, testDatabase } from '../../test/database';
import { smtpSink } from '../../test/smtp-sink';
import { createOutboxMailer, MAX_DELIVERY_ATTEMPTS } from './outbox-repository';
import { createOutboxRelay } from './relay';
import { createSmtpMailer, smtpMessage } from './smtp';

const FROM = 'PartsFinder UK <parts@partsfinder.test>';
const mail = (n: number) => ({ to: `customer${n}@example.co.uk`, subject: `Your part request PR-00000${n}`, text: `Hello ${n},\n\nWe have it.` });

async function emptyDatabase() {
  const { db } = await testDatabase();
  await resetDatabase(db);
  return db;
}

function smtp(url: string) {
  const mailer = createSmtpMailer({ url, from: FROM });
  onTestFinished(() => mailer.close());
  return mailer;
}

describe('SMTP adapter', () => {
  it('builds the message from the From address and the mail, HTML only when there is some', () => {
    expect(smtpMessage(mail(1), FROM)).toEqual({ from: FROM, to: 'customer1@example.co.uk', subject: 'Your part request PR-000001', text: 'Hello 1,\n\nWe have it.' });
    expect(smtpMessage({ ...mail(1), html: '<p>Hello</p>' }, FROM)).toMatchObject({ html: '<p>Hello</p>' });
  });

  it('hands the mail to the SMTP server', async () => {
    const sink = await smtpSink();

    await smtp(sink.url).send(mail(1));

    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]).toMatchObject({ from: 'parts@partsfinder.test', to: ['customer1@example.co.uk'] });
    expect(sink.messages[0]?.data).toContain('Subject: Your part request PR-000001');
    expect(sink.messages[0]?.data).toContain('Hello 1,\n\nWe have it.');
  });

  it('fails when the server refuses the recipient', async () => {
    const sink = await smtpSink({ refuseRecipients: true });

    await expect(smtp(sink.url).send(mail(1))).rejects.toThrow(/550/);
  });
});

describe('outbox relay', () => {
  it('delivers each unsent mail once and stamps it sent', async () => {
    const db = await emptyDatabase();
    const sink = await smtpSink();
    await createOutboxMailer(db).send(mail(1));
    await createOutboxMailer(db).send(mail(2));
    const relay = createOutboxRelay(db, smtp(sink.url), { error: vi.fn(), warn: vi.fn(), info: vi.fn() });

    expect(await relay.deliverPending()).toBe(2);
    expect(await relay.deliverPending()).toBe(0);

    expect(sink.messages.map((m) => m.to)).toEqual([['customer1@example.co.uk'], ['customer2@example.co.uk']]);
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((row) => row.sentAt instanceof Date)).toBe(true);
  });

  it('keeps a mail that failed unsent for a retry, and gives up after a few attempts', async () => {
    const db = await emptyDatabase();
    const sink = await smtpSink({ refuseRecipients: true });
    await createOutboxMailer(db).send(mail(1));
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
    const relay = createOutboxRelay(db, smtp(sink.url), log);

    expect(await relay.deliverPending()).toBe(0);
    const [afterOne] = await db.select().from(mailOutbox);
    expect(afterOne).toMatchObject({ sentAt: null, deliveryAttempts: 1 });
    expect(log.error).toHaveBeenLastCalledWith(expect.objectContaining({ mailId: afterOne?.id }), 'mail delivery failed; will retry');

    await db.update(mailOutbox).set({ deliveryAttempts: MAX_DELIVERY_ATTEMPTS - 1 }).where(eq(mailOutbox.id, afterOne?.id ?? 0));
    await relay.deliverPending();
    expect(log.error).toHaveBeenLastCalledWith(expect.anything(), 'mail delivery failed; giving up');
    log.error.mockClear();
    expect(await relay.deliverPending()).toBe(0);
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe('the app with SMTP_URL', () => {
  it('relays the outbox to the SMTP server by itself', async () => {
    const sink = await smtpSink();
    await testApp({ env: { SMTP_URL: sink.url, MAIL_FROM: FROM } });
    const { db } = await testDatabase();

    await createOutboxMailer(db).send(mail(1));

    await vi.waitFor(() => expect(sink.messages).toHaveLength(1), { timeout: 10_000, interval: 200 });
    await vi.waitFor(async () => expect((await db.select().from(mailOutbox))[0]?.sentAt).toBeInstanceOf(Date));
  });
});

describe('GET /dev/outbox', () => {
  it('lists the newest mails as an HTML page, newest first, text escaped', async () => {
    const app = await testApp();
    const { db } = await testDatabase();
    await createOutboxMailer(db).send(mail(1));
    await createOutboxMailer(db).send({ to: 'sam@turner-motors.co.uk', subject: 'Brakes & <discs>', text: 'Line one\n<script>alert(1)</script>' });

    const response = await app.inject({ method: 'GET', url: '/dev/outbox' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.body;
    expect(page).toContain('<html lang="en-GB">');
    expect(page).toContain('<h1>Mail outbox</h1>');
    expect(page).toContain('<dd>sam@turner-motors.co.uk</dd>');
    expect(page).toContain('Brakes &amp; &lt;discs&gt;');
    expect(page).toContain('<pre>Line one\n&lt;script&gt;alert(1)&lt;/script&gt;</pre>');
    expect(page).not.toContain('<script>');
    expect(page.indexOf('Brakes')).toBeLessThan(page.indexOf('PR-000001'));
  });

  it('shows at most 100 mails, and says so when there are none', async () => {
    const app = await testApp();
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).body).toContain('<p>No mails yet.</p>');
    const { db } = await testDatabase();
    await db.insert(mailOutbox).values(Array.from({ length: 101 }, (_, i) => mail(i)));

    const page = (await app.inject({ method: 'GET', url: '/dev/outbox' })).body;

    expect(page.match(/<article /g)).toHaveLength(100);
  });

  it('does not exist in production', async () => {
    const app = await testApp({ env: { NODE_ENV: 'production' } });

    const response = await app.inject({ method: 'GET', url: '/dev/outbox' });

    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Mail outbox');
  });

  it('can be switched on in a production build for the end-to-end tests, and off elsewhere', async () => {
    const e2e = await testApp({ env: { NODE_ENV: 'production', DEV_PAGES: 'true' } });
    expect((await e2e.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
    const off = await testApp({ env: { DEV_PAGES: 'false' } });
    expect((await off.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });
});
