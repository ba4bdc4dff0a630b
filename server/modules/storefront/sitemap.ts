/**
 * The sitemap (SPEC §2 'found and shared'): every available part's canonical URL, the vehicle
 * products, the category and badge listings, the home page, and the jobs and blog pages (open
 * jobs and published articles). The product page's content pages
 * (returns, delivery, warranties, grading) are tabs of that page, not URLs of their own.
 *
 * One sitemap holds at most 50,000 URLs. A shop within that gets one /sitemap.xml; a bigger one
 * gets a sitemap index there, listing /sitemaps/pages.xml and /sitemaps/parts-{n}.xml, where page
 * n holds the available parts with ids from (n − 1)·50,000 + 1 to n·50,000. Parts are read and
 * written in chunks as the answer streams, so a million parts never sit in memory at once.
 */
import { partTypeName } from '../../../src/domain/part-types';
import { productPath } from '../../../src/domain/urls';
import type { SitemapPartRow, SitemapRepository } from './sitemap-repository';

/** The sitemaps protocol's limit of URLs per file. */
export const URLS_PER_SITEMAP = 50_000;
/** Parts read per query while streaming. */
const CHUNK = 2_000;
const MAX_ID = 2_147_483_647;

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEADER}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = '</urlset>\n';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

interface Entry {
  loc: string;
  lastmod?: Date | null | undefined;
}

function entry(tag: 'url' | 'sitemap', { loc, lastmod }: Entry): string {
  return `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</${tag}>\n`;
}

/** The path of page `n` of the parts (1-based). */
export const partsSitemapPath = (n: number) => `/sitemaps/parts-${n}.xml`;
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';

export function createSitemap({
  repository,
  publicUrl,
  urlsPerSitemap = URLS_PER_SITEMAP,
  contentPages = async () => [],
}: {
  repository: SitemapRepository;
  publicUrl: string;
  urlsPerSitemap?: number;
  /** The jobs and blog pages, as paths. */
  contentPages?: () => Promise<{ path: string; lastmod?: Date }[]>;
}) {
  const partUrl = (row: SitemapPartRow): Entry => ({
    loc:
      publicUrl +
      productPath({ make: row.make, model: row.model, partName: partTypeName(row.partName, [{ Name: row.typeName, ExternalName: row.externalName }]), tag: row.tag }),
    lastmod: row.updatedAt,
  });

  /** Everything but the parts: a few hundred URLs at most. */
  async function otherPages(): Promise<Entry[]> {
    const [vehicles, categoryIds, badgeIds, content] = await Promise.all([repository.vehicleProducts(), repository.categoryIds(), repository.badgeIds(), contentPages()]);
    return [
      { loc: `${publicUrl}/` },
      ...categoryIds.map((id) => ({ loc: `${publicUrl}/category/${id}` })),
      ...badgeIds.map((id) => ({ loc: `${publicUrl}/badge/${id}` })),
      ...vehicles.map((vehicle) => ({ loc: `${publicUrl}/product/${encodeURIComponent(vehicle.slug)}`, lastmod: vehicle.createdAt })),
      ...content.map((page) => ({ loc: publicUrl + page.path, lastmod: page.lastmod })),
    ];
  }

  /** The available parts with ids above `after` and at most `upTo`, read a chunk at a time. */
  async function* partEntries(after: number, upTo: number, first?: SitemapPartRow[]): AsyncGenerator<string> {
    let rows = first ?? (await repository.availableParts(after, upTo, CHUNK));
    for (;;) {
      yield rows.map((row) => entry('url', partUrl(row))).join('');
      const last = rows.at(-1);
      if (rows.length < CHUNK || !last) return;
      rows = await repository.availableParts(last.id, upTo, CHUNK);
    }
  }

  async function* urlset(pages: Entry[], parts?: AsyncGenerator<string>): AsyncGenerator<string> {
    yield URLSET_OPEN + pages.map((page) => entry('url', page)).join('');
    if (parts) yield* parts;
    yield URLSET_CLOSE;
  }

  return {
    /** /sitemap.xml: every URL when they fit one sitemap, else the index of the sitemaps. */
    async root(): Promise<AsyncGenerator<string>> {
      const [pages, partCount] = await Promise.all([otherPages(), repository.availablePartCount()]);
      if (pages.length + partCount <= urlsPerSitemap) return urlset(pages, partEntries(0, MAX_ID));
      const ranges = await repository.partRanges(urlsPerSitemap);
      const sitemaps: Entry[] = [
        { loc: publicUrl + PAGES_SITEMAP_PATH },
        ...ranges.map((range) => ({ loc: publicUrl + partsSitemapPath(range.upTo / urlsPerSitemap), lastmod: range.lastModified })),
      ];
      return (async function* index() {
        yield `${XML_HEADER}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.map((s) => entry('sitemap', s)).join('')}</sitemapindex>\n`;
      })();
    },

    /** /sitemaps/pages.xml: the home page, listings, vehicle products, jobs and articles. */
    async pages(): Promise<AsyncGenerator<string>> {
      return urlset(await otherPages());
    },

    /** /sitemaps/parts-{n}.xml, or undefined when that block of ids holds no available part. */
    async parts(n: number): Promise<AsyncGenerator<string> | undefined> {
      const after = (n - 1) * urlsPerSitemap;
      if (!Number.isSafeInteger(after) || after < 0 || after >= MAX_ID) return undefined;
      const upTo = Math.min(after + urlsPerSitemap, MAX_ID);
      const first = await repository.availableParts(after, upTo, CHUNK);
      if (first.length === 0) return undefined;
      return urlset([], partEntries(after, upTo, first));
    },
  };
}

export type Sitemap = ReturnType<typeof createSitemap>;
