/**
 * The unsubscribe link of an alert mail: /alerts/unsubscribe/{token}, a small page of its own
 * (outside /web-api, no session, no script), so it works from any mail program without signing in.
 * GET only asks (mail scanners follow links; a GET must not stop the alert); the form's POST, or
 * a one-click List-Unsubscribe-Post from the mail program, stops it.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { DomainError } from '../../errors';
import type { StockSearch } from '../catalogue/index';
import { createAlertService } from './service';
import type { UnsubscribeTokens } from './unsubscribe-token';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} – PartsFinder UK</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#0b5394;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #f4b400;outline-offset:2px}a{color:#0b5394}</style></head>
<body><main><h1>${escape(title)}</h1>${body}<p><a href="/">Back to the shop</a></p></main></body></html>`;
}

export async function unsubscribePage(app: FastifyInstance, { db, stock, tokens }: { db: Database; stock: StockSearch; tokens: UnsubscribeTokens }): Promise<void> {
  const service = createAlertService({ db, stock, tokens, now: app.clock });
  const gone = page('Alert already stopped', '<p>This alert has already been stopped, or the link is not one of ours. You can manage your alerts in your account.</p>');

  app.get<{ Params: { token: string } }>('/alerts/unsubscribe/:token', { config: { session: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    try {
      const { label } = await service.unsubscribeTarget(request.params.token);
      return page('Stop this alert?', `<p>You will no longer be told when parts for <strong>${escape(label)}</strong> arrive.</p><form method="post"><button type="submit">Stop the alert</button></form>`);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not-found') return reply.status(404).send(gone);
      throw error;
    }
  });

  app.post<{ Params: { token: string } }>('/alerts/unsubscribe/:token', { config: { session: false, csrf: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    try {
      const { label } = await service.unsubscribe(request.params.token);
      return page('Alert stopped', `<p>You will no longer get alerts for <strong>${escape(label)}</strong>.</p>`);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not-found') return reply.status(404).send(gone);
      throw error;
    }
  });
}
