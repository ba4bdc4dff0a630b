import { describe, expect, it } from 'vitest';
import { orderSearch } from './order-search';
import { orderListParams, searchForSortChoice } from './order-sort';

describe('the order screens’ query', () => {
  it('keeps a page, a sort and a direction, and leaves the defaults out', () => {
    expect(orderSearch({ page: '3', sort: 'to_pay', direction: 'ASC' })).toEqual({ page: 3, sort: 'to_pay', direction: 'ASC' });
    expect(orderSearch({ page: '1', sort: 'created', direction: 'DESC' })).toEqual({});
  });

  it('drops anything else', () => {
    expect(orderSearch({ page: '-2', sort: 'password', direction: 'sideways', x: 1 })).toEqual({});
    expect(orderSearch({ page: '2.5' })).toEqual({});
  });

  it('asks for 15 orders a page from page 1, newest first, by default', () => {
    expect(orderListParams({}, true)).toEqual({ abandoned: true, page: 1, sort: 'created', direction: 'DESC' });
  });

  it('turns a sort choice into the search, back on page 1', () => {
    expect(searchForSortChoice('to_pay.DESC')).toEqual({ sort: 'to_pay' });
    expect(searchForSortChoice('created.ASC')).toEqual({ direction: 'ASC' });
  });
});

import { ORDER_SORTS } from '../../contract/orders';

describe('the sort choices', () => {
  it('offer only sorts the order list call accepts', () => {
    for (const sort of ORDER_SORTS) expect(orderSearch({ sort }).sort ?? 'created').toBe(sort);
  });
});
