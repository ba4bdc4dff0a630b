/**
 * The query of the order screens (page, sort, direction), read without zod: every route's
 * validateSearch is in the first download. Anything else is dropped; defaults are left out of the
 * URL, so /panel/client/orders is page 1, newest first.
 */
import type { OrderSort } from '../../contract/orders';

/** contract/orders ORDER_SORTS, repeated so no schema code joins the first download. */
const ORDER_SORTS = ['created', 'number', 'to_pay'] as const satisfies readonly OrderSort[];

export interface OrderSearch {
  page?: number | undefined;
  sort?: OrderSort | undefined;
  direction?: 'ASC' | 'DESC' | undefined;
}

export function orderSearch(search: Record<string, unknown>): OrderSearch {
  const result: OrderSearch = {};
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page < 100_000) result.page = page;
  if (typeof search.sort === 'string' && (ORDER_SORTS as readonly string[]).includes(search.sort) && search.sort !== 'created') result.sort = search.sort as OrderSort;
  if (search.direction === 'ASC') result.direction = 'ASC';
  return result;
}
