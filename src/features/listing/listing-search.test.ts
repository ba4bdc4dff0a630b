import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { listingSearchSchema, SORT_FIELDS } from './listing-search';

describe('listing query read without zod', () => {
  // The zod schema the listing routes used before their validateSearch was written out: the two
  // must agree on every URL, key by key (a key present in the URL stays present, possibly undefined).
  const idList = z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((value) => {
          const ids = [...new Set(String(value).split(',').map(Number))].filter((id) => Number.isInteger(id) && id > 0);
          if (ids.length === 0) return undefined;
          return ids.length === 1 ? ids[0] : ids.sort((a, b) => a - b).join(',');
        }),
      ),
    ),
    undefined,
  );
  const pence = z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(0))), undefined);
  const reference = z.object({
    categories: idList,
    badges: idList,
    attribute: idList,
    price_from: pence,
    price_to: pence,
    sort: z.catch(z.optional(z.enum(SORT_FIELDS)), undefined),
    direction: z.catch(z.optional(z.enum(['ASC', 'DESC'])), undefined),
    page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(500))), undefined),
  });
  const urlValue = fc.oneof(
    fc.string({ maxLength: 10 }),
    fc.constantFrom('1,3', '3,1,3', '0', '-1', '1.5', '500', '501', 'price', 'id', 'ASC', 'asc', 'DESC', '', ' 7 ', '9007199254740993'),
    fc.integer({ min: -3, max: 600 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 2 }),
  );
  const keys = ['categories', 'badges', 'attribute', 'price_from', 'price_to', 'sort', 'direction', 'page', 'other'];

  it('reads every URL as the zod schema did', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), urlValue), (search) => {
        expect(listingSearchSchema.parse(search)).toStrictEqual(reference.parse(search));
      }),
      { numRuns: 2000 },
    );
  });

  it('a bad value falls back instead of failing', () => {
    expect(listingSearchSchema.parse({ badges: '3,1,x,3', page: '2', sort: 'colour', price_from: -1 })).toStrictEqual({
      badges: '1,3',
      page: 2,
      sort: undefined,
      price_from: undefined,
    });
  });
});
