/**
 * Storefront pages: every GET that no route or static file answered and that does not look like a
 * file gets the SPA's index.html (the client router decides what to show; SPEC §2 paths such as
 * /categories, /product/…, /cart, /panel). Everything else that is not found is a 404 envelope.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { HttpError, MESSAGES } from '../../http/http-error';
import { isApiPath, looksLikeFile, pathnameOf } from '../../http/paths';
import { ensureSession } from '../../plugins/session';
import { appPropsFor } from './app-props';
import { createFirstPaintRenderer, guessViewport } from './first-paint';
import { createIndexHtml, renderHead, renderQueryState } from './index-html';
import { type ProductHeads, withProductHead } from './product-head';

export const storefrontPages = fp<{ config: Config; db: Database; productHeads?: ProductHeads }>(
  async (app: FastifyInstance, { config, db, productHeads }) => {
    const indexHtml = createIndexHtml(config.clientDir);
    const firstPaint = createFirstPaintRenderer(app, config.firstPaintDir, app.log);

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      const pathname = pathnameOf(request.url);
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !looksLikeFile(pathname);
      if (!isPage) throw new HttpError(404, MESSAGES.notFound);

      const page = await indexHtml.load();
      if (!page) {
        return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('The shop is being built, run npm run build');
      }
      // A product URL's title, description, canonical, Open Graph, JSON-LD and page data; its
      // 404 when the product does not exist (product-head.ts).
      const product = productHeads ? await productHeads.forPath(pathname, `${request.protocol}://${request.host}`) : null;
      const session = await ensureSession(request, reply);
      const appProps = await appPropsFor(config, db, session, app.clock());
      const head = renderHead(appProps, session.csrfToken);
      const viewport = guessViewport(request.headers);
      const painted = request.method === 'GET' ? await firstPaint.render({ url: request.url, appProps, viewport }, request.headers.cookie) : null;
      return reply
        .code(product?.statusCode ?? painted?.statusCode ?? 200)
        .header('cache-control', 'no-cache')
        // The first paint is drawn for the screen guessed from these.
        .header('vary', 'User-Agent, Sec-CH-UA-Mobile')
        .type('text/html; charset=utf-8')
                // A page the server drew carries its data in the query state: not a second time as page data.
        .send(withProductHead(painted ? page.withHead(head + renderQueryState(painted, viewport), painted.html) : page.withHead(head), product, { pageData: !painted }));
    });
  },
  { name: 'storefront-pages', dependencies: ['sessions', '@fastify/rate-limit'] },
);
