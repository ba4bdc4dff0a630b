/** One static page of the shop by slug (GET /static-contents/page/{slug}.json). */
import { queryOptions } from '@tanstack/react-query';
import { getStaticPage } from '../../../contract/static-contents';
import { apiOf } from '../../../shared/api/client';

export const staticPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['static-pages', slug] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getStaticPage, { params: { slug }, signal })).page,
    staleTime: 10 * 60_000,
  });
