/**
 * Storefront pages: every GET that no route or static file answered and that does not look like a
 * file gets the SPA's index.html (the client router decides what to show; SPEC §2 paths such as
 * /categories, /product/…, /cart, /panel). Everything else that is not found is a 404 envelope.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { HttpError, MESSAGES } from '../../http/http-error';
import { isApiPath, looksLikeFile, pathnameOf } from '../../http/paths';
import { ensureSession } from '../../plugins/session';
import { appPropsFor } from './app-props';
import { createIndexHtml, renderHead } from './index-html';
import { type ProductHeads, withProductHead } from './product-head';

export const storefrontPages = fp<{ config: Config; productHeads?: ProductHeads }>(
  async (app: FastifyInstance, { config, productHeads }) => {
    const indexHtml = createIndexHtml(config.clientDir);

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
      return reply
        .code(product?.statusCode ?? 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withProductHead(page.withHead(renderHead(appPropsFor(config, session), session.csrfToken)), product));
    });
  },
  { name: 'storefront-pages', dependencies: ['sessions', '@fastify/rate-limit'] },
);
