import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JOB_SORT_CHOICES, jobListParams, sameJobsSearch, searchForFilters } from './jobs-search';
import { jobsSearch } from './jobs-url';

describe('the /jobs query, read without zod', () => {
  it('keeps good values and leaves defaults out', () => {
    expect(jobsSearch({ category: 3, location: '4', keyword: '  parts   picker ', direction: 'ASC', page: 2 })).toStrictEqual({
      category: 3,
      location: 4,
      keyword: 'parts picker',
      direction: 'ASC',
      page: 2,
    });
    expect(jobsSearch({ direction: 'DESC', page: 1 })).toStrictEqual({});
  });

  it('drops bad values instead of failing', () => {
    expect(jobsSearch({ category: 'x', location: 'Leeds', keyword: '   ', direction: 'asc', page: '2.5', other: 'y' })).toStrictEqual({});
    expect(jobsSearch({ category: 0, page: -3 })).toStrictEqual({});
    expect(jobsSearch({ category: '7', page: '3' })).toStrictEqual({ category: 7, page: 3 });
    expect(jobsSearch({ keyword: 123 })).toStrictEqual({ keyword: '123' });
    expect(jobsSearch({ keyword: ['a'], location: { x: 1 } })).toStrictEqual({});
  });

  it('reads control characters as spaces (the API refuses them)', () => {
    expect(jobsSearch({ keyword: 'parts\u0000picker\n' })).toStrictEqual({ keyword: 'parts picker' });
  });

  it('cuts long text to 100 characters', () => {
    expect(jobsSearch({ keyword: 'a'.repeat(250) }).keyword).toHaveLength(100);
  });

  it('reads any URL without throwing, and reading twice changes nothing', () => {
    const value = fc.oneof(fc.string({ maxLength: 120 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('ASC', 'DESC', '2', '0'));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('category', 'location', 'keyword', 'direction', 'page', 'other'), value), (input) => {
        const once = jobsSearch(input);
        expect(jobsSearch({ ...once })).toStrictEqual(once);
        if (once.page !== undefined) expect(once.page).toBeGreaterThan(1);
        if (once.category !== undefined) expect(Number.isSafeInteger(once.category) && once.category > 0).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the job list call for a search (SPEC §9)', () => {
  it('asks by created date, newest first by default', () => {
    expect(jobListParams({})).toStrictEqual({ page: 1, sort: 'created', direction: 'DESC', category: undefined, location: undefined, keyword: undefined });
    expect(jobListParams({ category: 2, location: 5, keyword: 'driver', direction: 'ASC', page: 4 })).toMatchObject({
      page: 4,
      direction: 'ASC',
      category: 2,
      location: 5,
      keyword: 'driver',
    });
  });

  it("labels the two sort choices as SPEC §9 words them, 'Most recent' first", () => {
    expect(JOB_SORT_CHOICES.map((choice) => choice.label)).toEqual(['Most recent', 'Oldest first']);
    expect(JOB_SORT_CHOICES[0].direction).toBe('DESC');
  });

  it('a change of filters goes back to page 1', () => {
    expect(searchForFilters({ category: 2, keyword: 'fitter' })).toStrictEqual({ category: 2, keyword: 'fitter' });
    expect(sameJobsSearch({ category: 2 }, { category: 2, page: 2 })).toBe(false);
    expect(sameJobsSearch({ keyword: 'a' }, { keyword: 'a' })).toBe(true);
  });
});

describe('what the page asks is what the API takes', () => {
  it('every URL gives a query the contract accepts, unchanged', async () => {
    const { safeParse } = await import('zod/mini');
    const { jobListQuerySchema } = await import('../../contract/jobs');
    const value = fc.oneof(fc.string({ maxLength: 120 }), fc.integer(), fc.constantFrom('ASC', '3', ' leeds ', 'a\u0000b'));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('category', 'location', 'keyword', 'direction', 'page'), value), (input) => {
        const params = jobListParams(jobsSearch(input));
        const parsed = safeParse(jobListQuerySchema, params);
        expect(parsed.success, JSON.stringify(params)).toBe(true);
        expect(parsed.data).toMatchObject({ page: params.page, direction: params.direction, sort: 'created' });
      }),
      { numRuns: 500 },
    );
  });
});
