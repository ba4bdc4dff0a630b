/**
 * GET /robots.txt and the sitemaps (SPEC §2 'found and shared'), at the root. robots.txt is the
 * built client's (public/robots.txt) with a Sitemap line naming this shop's public address, so
 * the one file serves any deployment.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { HttpError, MESSAGES } from '../../http/http-error';
import { createSitemap, PAGES_SITEMAP_PATH } from './sitemap';
import { createSitemapRepository } from './sitemap-repository';
import { createArticleService } from '../articles/index';
import { createJobService } from '../jobs/index';

/** Crawlers come back often enough; the stock changes within the hour. */
const CACHE_CONTROL = 'public, max-age=3600';

export interface SeoRoutesOptions {
  db: Database;
  /** Where the sitemap's parts and vehicles are read: a fresh replica when there are some (server/db/replicas.ts). */
  catalogueDb?: Database | undefined;
  config: Pick<Config, 'publicUrl' | 'clientDir' | 'shopEmail'>;
  /** The sitemaps protocol's 50,000 unless a test asks for smaller sitemaps. */
  urlsPerSitemap?: number;
}

/** public/robots.txt without any Sitemap line of its own, plus ours. */
export function robotsTxt(base: string, publicUrl: string): string {
  const lines = base.split(/\r?\n/).filter((line) => !/^\s*sitemap\s*:/i.test(line));
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  return `${[...lines, '', `Sitemap: ${publicUrl}/sitemap.xml`].join('\n').trimStart()}\n`;
}

function sendXml(reply: FastifyReply, body: AsyncGenerator<string>) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(Readable.from(body));
}

export async function seoRoutes(app: FastifyInstance, { db, catalogueDb, config, urlsPerSitemap }: SeoRoutesOptions): Promise<void> {
  const jobs = createJobService({ db, now: app.clock, shopEmail: config.shopEmail, publicUrl: config.publicUrl });
  const articles = createArticleService({ db, now: app.clock });
  const sitemap = createSitemap({
    repository: createSitemapRepository(catalogueDb ?? db),
    publicUrl: config.publicUrl,
    // Open jobs and published articles, by the shop's clock: an expired advert or a scheduled article is not listed.
    contentPages: async () => [{ path: '/jobs' }, { path: '/blog' }, ...(await jobs.sitemapEntries()), ...(await articles.sitemapEntries())],
    ...(urlsPerSitemap ? { urlsPerSitemap } : {}),
  });

  app.get('/robots.txt', async (_request, reply) => {
    const base = await readFile(path.join(config.clientDir, 'robots.txt'), 'utf8').catch(() => 'User-agent: *\nAllow: /\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robotsTxt(base, config.publicUrl));
  });

  app.get('/sitemap.xml', async (_request, reply) => sendXml(reply, await sitemap.root()));

  app.get('/sitemaps/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    if (`/sitemaps/${file}` === PAGES_SITEMAP_PATH) return sendXml(reply, await sitemap.pages());
    const page = /^parts-([1-9][0-9]{0,5})\.xml$/.exec(file);
    const parts = page ? await sitemap.parts(Number(page[1])) : undefined;
    if (!parts) throw new HttpError(404, MESSAGES.notFound);
    return sendXml(reply, parts);
  });
}
