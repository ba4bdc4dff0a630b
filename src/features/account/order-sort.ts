/** The order screens' sort control and the list request a search stands for. */
import { orderSearch, type OrderSearch } from './order-search';

/** The sort control's choices (SPEC §2 'Sort control'): field and direction in one. */
export const ORDER_SORT_CHOICES = [
  { value: 'created.DESC', label: 'Newest first' },
  { value: 'created.ASC', label: 'Oldest first' },
  { value: 'to_pay.DESC', label: 'Highest amount' },
  { value: 'to_pay.ASC', label: 'Lowest amount' },
  { value: 'number.DESC', label: 'Order number, high to low' },
  { value: 'number.ASC', label: 'Order number, low to high' },
] as const;

/** The list's request for a search: defaults filled in. */
export function orderListParams(search: OrderSearch, abandoned: boolean) {
  return { abandoned, page: search.page ?? 1, sort: search.sort ?? 'created', direction: search.direction ?? 'DESC' } as const;
}

/** A choice of the sort control as the URL's search (page 1 again). */
export function searchForSortChoice(value: string): OrderSearch {
  const [sort, direction] = value.split('.');
  return orderSearch({ sort, direction });
}
