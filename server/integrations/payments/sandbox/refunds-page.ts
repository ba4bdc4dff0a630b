/**
 * The /dev/payment-sandbox page: the refunds the embedded payment sandbox has made, newest first,
 * as a provider's dashboard lists them — so a refund made from the back office can be seen on the
 * provider's side. Only with DEV_PAGES (never on a public site) and only while a sandbox stands in
 * for a provider. Plain server-rendered HTML, no script.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../../db/client';
import { notFound } from '../../../errors';
import { createSandboxRepository, type SandboxRefundRow } from './sandbox-repository';

const PAGE_PATH = '/dev/payment-sandbox';
const LIMIT = 100;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/London' });
const amountOf = (row: SandboxRefundRow) => `${(row.amount / 100).toFixed(2)} ${row.currency.toUpperCase()}`;

export function renderRefundsPage(rows: readonly SandboxRefundRow[]): string {
  const body =
    rows.length === 0
      ? '<p>No refunds yet.</p>'
      : `<table>
<caption>Refunds, newest first</caption>
<thead><tr><th scope="col">Refund</th><th scope="col">Provider</th><th scope="col">Payment</th><th scope="col">Amount</th><th scope="col">Made</th></tr></thead>
<tbody>
${rows
  .map(
    (row) =>
      `<tr><td>${escapeHtml(row.id)}</td><td>${row.provider === 'stripe' ? 'Stripe (card)' : 'PayPal'}</td><td>${escapeHtml(row.paymentReference)}</td><td>${escapeHtml(amountOf(row))}</td><td><time datetime="${row.createdAt.toISOString()}">${escapeHtml(timeFormat.format(row.createdAt))}</time></td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Payment sandbox (development)</title>
<style>
body { font: 1rem/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; background: #fff; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: start; font-weight: 600; padding: 0.5rem 0; }
th, td { text-align: start; border-top: 1px solid #767676; padding: 0.25rem 0.5rem; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>Payment sandbox</h1>
<p>The refunds the payment sandbox has made (the newest ${LIMIT}). This page exists outside production only.</p>
${body}
</main>
</body>
</html>`;
}

export const sandboxRefundsPage = fp<{ db: Database; devPages: boolean }>(
  async (app: FastifyInstance, { db, devPages }) => {
    app.get(PAGE_PATH, async (_request, reply) => {
      if (!devPages) throw notFound();
      const page = renderRefundsPage(await createSandboxRepository(db).refunds(LIMIT));
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    });
  },
  { name: 'payment-sandbox-refunds-page' },
);
