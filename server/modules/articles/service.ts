/**
 * The blog (SPEC §2 news listing, §3 Article, §4): published articles only (a scheduled one,
 * public_date still ahead by the shop's clock, is in no list and has no page or picture), newest
 * first, 12 a page, by tag and category; bodies and summaries rendered from Markdown and
 * sanitised; pretty dates in London time; pictures drawn at SPEC §9's sizes, or the ones staff
 * uploaded, encoded at those sizes when they arrived, or none where staff removed the picture.
 */
import type * as z from 'zod/mini';
import { ARTICLES_PAGE_SIZE, type Article, type articleListQuerySchema, type ArticleDetail, type ArticleImageSize, type ArticleTerm } from '../../../src/contract/articles';
import type { Paginator } from '../../../src/contract/catalogue';
import { prettyDate } from '../../../src/domain/dates';
import '../../../src/domain/messages-more';
import { pageCountFor } from '../../../src/domain/paginator';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { Clock } from '../../http/clock';
import { type Picture, pictureUrl, pictureVersion, renderPicture, uploadedPictureUrl } from './pictures';
import { createArticleRepository } from './repository';
import { renderMarkdown } from './rich-text';

type ParsedQuery = z.output<typeof articleListQuerySchema>;

const EMPTY = 'There are no articles here yet.';
/** Rendered pictures kept in memory: 20 articles at 3 sizes, with room for changes. */
const PICTURES_KEPT = 200;

interface Row {
  id: number;
  slug: string;
  title: string;
  summary: string;
  imageAlt: string;
  imageSeed: number;
  publicDate: Date;
  categorySlug: string;
  categoryName: string;
  uploadedVersion: string | null;
  noPicture: boolean;
}

export function createArticleService({ db, now }: { db: Database; now: Clock }) {
  const repository = createArticleRepository(db);
  const rendered = new Map<string, Buffer>();

  function card(row: Row, tags: ArticleTerm[], at: Date): Article {
    const picture: Picture = { title: row.title, seed: row.imageSeed, category: row.categoryName };
    const url = (size: ArticleImageSize) => (row.uploadedVersion ? uploadedPictureUrl(row.slug, row.uploadedVersion, size) : pictureUrl(row.slug, picture, size));
    // An article whose picture staff removed is shown without one, not with the drawn one.
    const images = row.noPicture ? null : { big: url('big'), small: url('small'), grid: url('grid') };
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      summary: renderMarkdown(row.summary),
      main_image: images?.big ?? null,
      main_image_alt: row.imageAlt,
      images,
      public_date: row.publicDate.toISOString(),
      pretty_public_date: prettyDate(row.publicDate, at),
      article_tags: tags,
      article_category: { slug: row.categorySlug, name: row.categoryName },
    };
  }

  async function tagsByArticle(ids: readonly number[]): Promise<Map<number, ArticleTerm[]>> {
    const byArticle = new Map<number, ArticleTerm[]>();
    for (const { articleId, slug, name } of await repository.tagsOf(ids)) {
      const list = byArticle.get(articleId) ?? [];
      list.push({ slug, name });
      byArticle.set(articleId, list);
    }
    return byArticle;
  }

  return {
    async list(query: ParsedQuery): Promise<{ articles: Article[]; paginator: Paginator; msg: string }> {
      const at = now();
      const filter = { tag: query.tag || undefined, category: query.category || undefined };
      const total = await repository.countPublished(at, filter);
      const pageCount = pageCountFor(total, ARTICLES_PAGE_SIZE);
      const page = Math.min(query.page, pageCount);
      const rows = total === 0 || query.page > pageCount ? [] : await repository.pageOfPublished(at, filter, { offset: (page - 1) * ARTICLES_PAGE_SIZE, limit: ARTICLES_PAGE_SIZE });
      const tags = await tagsByArticle(rows.map((row) => row.id));
      const articles = rows.map((row) => card(row, tags.get(row.id) ?? [], at));
      return {
        articles,
        paginator: { count: total, perPage: ARTICLES_PAGE_SIZE, limit: ARTICLES_PAGE_SIZE, pageCount, sort: 'public_date', direction: 'DESC', page, requestedPage: query.page },
        msg: articles.length === 0 ? EMPTY : '',
      };
    },

    async article(slug: string): Promise<ArticleDetail> {
      const at = now();
      const row = await repository.published(slug, at);
      if (!row) throw notFound();
      const tags = await tagsByArticle([row.id]);
      return { ...card(row, tags.get(row.id) ?? [], at), body: renderMarkdown(row.body) };
    },

    tags(): Promise<ArticleTerm[]> {
      return repository.tags();
    },

    categories(): Promise<ArticleTerm[]> {
      return repository.categories();
    },

    /** A published article's picture at `size` as WebP, with its version; undefined for none. */
    async picture(slug: string, size: ArticleImageSize): Promise<{ body: Buffer; version: string } | undefined> {
      const found = await repository.pictureOf(slug, now());
      if (!found || found.noPicture) return undefined;
      if (found.uploadedVersion) {
        const body = await repository.uploadedPicture(found.id, size);
        return body ? { body, version: found.uploadedVersion } : undefined;
      }
      const picture: Picture = { title: found.title, seed: found.seed, category: found.category };
      const version = pictureVersion(picture);
      const key = `${slug}/${size}/${version}`;
      let body = rendered.get(key);
      if (!body) {
        body = await renderPicture(picture, size);
        if (rendered.size >= PICTURES_KEPT) rendered.delete(rendered.keys().next().value ?? '');
        rendered.set(key, body);
      }
      return { body, version };
    },

    /** Published articles for the sitemap: their page paths and dates. */
    async sitemapEntries(): Promise<{ path: string; lastmod: Date }[]> {
      return (await repository.publishedSlugs(now())).map((row) => ({ path: `/blog/${row.slug}`, lastmod: row.publicDate }));
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
