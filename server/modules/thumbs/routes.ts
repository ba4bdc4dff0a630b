/**
 * GET /thumbs/{id}?size=&v= (SPEC §2): product images as WebP (JPEG with format=jpeg) at the sizes of SPEC §9; the URL
 * format is src/domain/thumbs.ts. Registered at the root: an image needs no session, and the
 * service worker leaves /thumbs to the network and the HTTP cache.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { DEFAULT_THUMB_SIZE, THUMB_SIZE_NAMES } from '../../../src/domain/thumbs';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { matchesIfNoneMatch } from '../../http/conditional';
import { createThumbRepository } from './repository';
import { createThumbService, parseImageId } from './service';

/** The current version's bytes never change: keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An unversioned or outdated URL may show another picture soon: keep it briefly. */
const SHORT = 'public, max-age=300';
/**
 * A listing page shows a dozen images and a product page a gallery, so images get more requests a
 * minute than calls; a rendering is cached, so the limit only bounds how fast new ones are asked.
 */
const THUMBS_PER_MINUTE = 1200;

const paramsSchema = z.object({ id: z.string().check(z.maxLength(20)) });
const querySchema = z.object({
  size: z._default(z.enum(THUMB_SIZE_NAMES, { error: `One of ${THUMB_SIZE_NAMES.join(', ')}.` }), DEFAULT_THUMB_SIZE),
  v: z.optional(z.string().check(z.maxLength(64, 'At most 64 characters.'))),
  format: z._default(z.enum(['webp', 'jpeg'], { error: 'Either webp or jpeg.' }), 'webp'),
});

export async function thumbRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Pick<Config, 'dataDir'> }): Promise<void> {
  const service = createThumbService({ repository: createThumbRepository(db), cacheDir: path.join(config.dataDir, 'thumbs') });

  app.get(
    '/thumbs/:id',
    { schema: { params: paramsSchema, querystring: querySchema }, config: { rateLimit: { max: THUMBS_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { id } = request.params as z.output<typeof paramsSchema>;
      const { size, v, format } = request.query as z.output<typeof querySchema>;
      const image = parseImageId(id);
      const thumb = image && (await service.thumb(image, size, format));
      if (!thumb) throw notFound();

      const etag = `"${thumb.version}-${size}${format === 'jpeg' ? '-jpeg' : ''}"`;
      reply.header('etag', etag).header('cache-control', v === thumb.version ? IMMUTABLE : SHORT);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(format === 'jpeg' ? 'image/jpeg' : 'image/webp').send(thumb.body);
    },
  );
}
