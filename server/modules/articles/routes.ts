import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ARTICLE_IMAGE_SIZES, getArticle, listArticleCategories, listArticles, listArticleTags } from '../../../src/contract/articles';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { matchesIfNoneMatch } from '../../http/conditional';
import { registerCall } from '../../http/route';
import { createArticleService } from './service';

/**
 * Staff change articles in the back office and a scheduled one appears when its time comes:
 * browsers (and the service worker) ask again each time, so /blog shows a change at once.
 */
const PUBLIC = 'public, no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';
const SIZE_NAMES = Object.keys(ARTICLE_IMAGE_SIZES) as [keyof typeof ARTICLE_IMAGE_SIZES, ...(keyof typeof ARTICLE_IMAGE_SIZES)[]];

/** Calls of src/contract/articles.ts: public reads, no session read or started. */
export async function articleRoutes(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const service = createArticleService({ db, now: api.clock });

  registerCall(
    api,
    listArticles,
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, ...(await service.list(request.query)) };
    },
    { session: false },
  );

  registerCall(
    api,
    getArticle,
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, article: await service.article(request.params.slug) };
    },
    { session: false },
  );

  registerCall(
    api,
    listArticleTags,
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, items: await service.tags() };
    },
    { session: false },
  );

  registerCall(
    api,
    listArticleCategories,
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, items: await service.categories() };
    },
    { session: false },
  );
}

const pictureParams = z.object({ slug: z.string().check(z.regex(/^[a-z0-9-]{1,80}$/)), size: z.enum(SIZE_NAMES) });
const pictureQuery = z.object({ v: z.optional(z.string().check(z.maxLength(64))) });

/**
 * GET /blog-images/{slug}/{size}.webp?v= — an article's picture (SPEC §9 sizes), at the root
 * beside /thumbs: an image needs no session. 404 for an unknown or scheduled article.
 */
export async function articlePictureRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const service = createArticleService({ db, now: app.clock });
  app.get('/blog-images/:slug/:size.webp', { schema: { params: pictureParams, querystring: pictureQuery }, config: { session: false } }, async (request, reply) => {
    const { slug, size } = request.params as z.output<typeof pictureParams>;
    const { v } = request.query as z.output<typeof pictureQuery>;
    const picture = await service.picture(slug, size);
    if (!picture) throw notFound();
    const etag = `"${picture.version}-${size}"`;
    reply.header('etag', etag).header('cache-control', v === picture.version ? IMMUTABLE : SHORT);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('image/webp').send(picture.body);
  });
}
