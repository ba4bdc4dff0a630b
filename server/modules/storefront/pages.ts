/**
 * Storefront pages: every GET that no route or static file answered and that does not look like a
 * file is a page of the app (SPEC §2 paths such as /categories, /product/…, /cart), rendered on the
 * server by the render entry (src/entry-server.tsx) with TanStack Router's own SSR and sent as the
 * web Response it returns: the router's status (404 for an unknown path or product, 500 when the
 * page's data failed), its headers and the streamed HTML. The page's API calls run in-process on
 * the visitor's session (server/http/call-runner.ts), under the rate limit this page request
 * went through. Everything else that is not found is a 404 envelope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PageAssets, RenderEntry } from '../../../src/contract/render';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { inProcessTransport, renderFoundDatabaseAway } from '../../http/call-runner';
import { BACK_IN_A_MOMENT_PAGE, DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors';
import { HttpError, MESSAGES } from '../../http/http-error';
import { isApiPath, looksLikeFile, pathnameOf } from '../../http/paths';
import { scriptNonce } from '../../plugins/security-headers';
import { ensureSession } from '../../plugins/session';
import { builtAdminPage, isAdminPagePath, withScriptNonce } from './admin-page';
import { appPropsFor } from './app-props';
import { builtClientAssets } from './page-assets';

export interface StorefrontPagesOptions {
  config: Config;
  db: Database;
  /** The render entry: the built bundle in production, Vite's module graph while developing. */
  loadRenderEntry: () => Promise<RenderEntry>;
  /** The page's scripts and styles; by default from the client build's manifest. */
  pageAssets?: (() => Promise<PageAssets>) | undefined;
  /** The back office's page for a URL under /admin; by default dist/client/admin.html. */
  adminPage?: ((url: string) => Promise<string>) | undefined;
}

const NOT_BUILT = 'The shop is being built, run npm run build';

/** Shown when the render itself failed: the server could not draw even the error page. */
const RENDER_FAILED_PAGE =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong | PartsFinder UK</title></head>' +
  '<body><main><h1>Something went wrong</h1><p>This page could not be shown. Please try again in a moment.</p><p><a href="/">Go to the home page</a></p></main></body></html>';

/** The page request as a web Request, aborted when the visitor goes away. */
function webRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort(new Error('the visitor closed the connection'));
  });
  return new Request(`${request.protocol}://${request.host}${request.url}`, { method: request.method, headers, signal: gone.signal });
}

export const storefrontPages = fp<StorefrontPagesOptions>(
  async (app: FastifyInstance, { config, db, loadRenderEntry, pageAssets = builtClientAssets(config.clientDir), adminPage = builtAdminPage(config.clientDir) }) => {
    let entry: Promise<RenderEntry> | undefined;
    // Imported once; a failed import (no build yet) is tried again on the next page.
    const renderEntry = () =>
      (entry ??= loadRenderEntry().catch((error: unknown) => {
        entry = undefined;
        throw error;
      }));

    /** The back office's app, drawn in the browser; its own API calls start the staff session. */
    async function sendAdminPage(request: FastifyRequest, reply: FastifyReply) {
      let html: string;
      try {
        html = await adminPage(request.url);
      } catch (error) {
        request.log.warn({ err: error }, 'no back-office build to answer /admin with');
        return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
      }
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(withScriptNonce(html, scriptNonce(reply)));
    }

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      const pathname = pathnameOf(request.url);
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !looksLikeFile(pathname);
      if (!isPage) throw new HttpError(404, MESSAGES.notFound);
      if (isAdminPagePath(pathname)) return sendAdminPage(request, reply);

      // The page carries the session's CSRF token: the session exists before anything renders.
      const session = await ensureSession(request, reply);
      let render: RenderEntry;
      let assets: PageAssets;
      try {
        [render, assets] = await Promise.all([renderEntry(), pageAssets()]);
      } catch (error) {
        request.log.warn({ err: error }, 'no client build to render pages with');
        return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
      }

      let response: Response;
      try {
        response = await render.render({
          request: webRequest(request, reply),
          api: inProcessTransport(request, reply),
          appProps: await appPropsFor(config, db, session, app.clock(), request),
          csrfToken: session.csrfToken,
          nonce: scriptNonce(reply),
          assets,
          publicUrl: config.publicUrl,
        });
      } catch (error) {
        request.log.error({ err: error, url: request.url }, 'rendering the page failed');
        return reply.code(500).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(RENDER_FAILED_PAGE);
      }
      if (response.status >= 500 && renderFoundDatabaseAway(request)) {
        request.log.warn({ route: request.routeOptions.url ?? 'page' }, 'a page found the database away');
        void response.body?.cancel();
        return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(BACK_IN_A_MOMENT_PAGE);
      }
      if (response.status >= 500) request.log.error({ url: request.url, status: response.status }, 'the page rendered its error page');
      response.headers.forEach((value, name) => {
        if (name !== 'content-type' && name !== 'content-length') reply.header(name, value);
      });
      return (
        reply
          .code(response.status)
          // The page carries the visitor's session (its CSRF token, the member's name).
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(response.body)
      );
    });
  },
  { name: 'storefront-pages', dependencies: ['sessions', '@fastify/rate-limit'] },
);
