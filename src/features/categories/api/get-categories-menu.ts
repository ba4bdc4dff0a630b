/** GET /product-categories/menu.json: the category tree with icons and up to 4 popular products each. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCategoriesMenu } from '../../../contract/catalogue';
import type { CallResponse } from '../../../contract/define';
import { apiOf, type Api } from '../../../shared/api/client';

export type MenuCategory = CallResponse<typeof getCategoriesMenu>['categories'][number];

export async function fetchCategoriesMenu(api: Api, signal?: AbortSignal): Promise<MenuCategory[]> {
  return (await api(getCategoriesMenu, { signal })).categories;
}

export const categoriesMenuKeys = { all: ['categories-menu'] as const };

export const categoriesMenuQueryOptions = () =>
  queryOptions({ queryKey: categoriesMenuKeys.all, queryFn: ({ client, signal }) => fetchCategoriesMenu(apiOf(client), signal), staleTime: 30 * 60_000 });

export function useCategoriesMenu() {
  return useQuery(categoriesMenuQueryOptions());
}
