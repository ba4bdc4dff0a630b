import type { FastifyInstance } from 'fastify';
import { getStaticPage } from '../../../src/contract/static-contents';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { createStaticPageService } from './service';

/** Staff edit the pages in the back office and /page/{slug} shows it at once: browsers ask again each time. */
const PUBLIC = 'public, no-cache';

export async function staticPageRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createStaticPageService({ db, figures: { returnsWindowDays: config.returnsWindowDays } });
  registerCall(
    api,
    getStaticPage,
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return { success: true as const, page: await service.page(request.params.slug) };
    },
    { session: false },
  );
}
