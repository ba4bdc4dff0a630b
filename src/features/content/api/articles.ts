/**
 * The blog's reads (SPEC §7: GET /articles/listing.json, /article-tags/list.json, the categories
 * of the tab bar, and one article by slug) as queryOptions the loaders ensure and the screens read.
 */
import { queryOptions } from '@tanstack/react-query';
import { getArticle, listArticleCategories, listArticles, listArticleTags } from '../../../contract/articles';
import { apiOf } from '../../../shared/api/client';

export interface ArticleListParams {
  page: number;
  tag?: string | undefined;
  category?: string | undefined;
}

export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  list: (params: ArticleListParams) => [...articleKeys.lists(), params] as const,
  tags: () => [...articleKeys.all, 'tags'] as const,
  categories: () => [...articleKeys.all, 'categories'] as const,
  detail: (slug: string) => [...articleKeys.all, 'detail', slug] as const,
};

/** A page of articles; a failure is shown by SPEC §8 (a popup with msg, or an empty list). */
export const articleListQueryOptions = (params: ArticleListParams) =>
  queryOptions({
    queryKey: articleKeys.list(params),
    queryFn: ({ client, signal }) => apiOf(client)(listArticles, { query: params, signal }),
    staleTime: 60_000,
    retry: false,
  });

/**
 * Staff add, rename and delete tags and categories in the back office, and the server answers
 * these reads `no-cache`: a page load always has today's. In a tab already open they are kept no
 * longer than the list they filter, so a new tag and the articles carrying it arrive together.
 */
const TERMS_STALE_MS = 60_000;

export const articleTagsQueryOptions = () =>
  queryOptions({
    queryKey: articleKeys.tags(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(listArticleTags, { signal })).items,
    staleTime: TERMS_STALE_MS,
    retry: false,
  });

export const articleCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: articleKeys.categories(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(listArticleCategories, { signal })).items,
    staleTime: TERMS_STALE_MS,
    retry: false,
  });

export const articleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: articleKeys.detail(slug),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getArticle, { params: { slug }, signal })).article,
    staleTime: 60_000,
  });
