import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newsLayout, searchForCategoryTab, searchForTag } from './blog-search';
import { blogSearch } from './blog-url';

describe('the /blog query, read without zod', () => {
  it('keeps tag, category and a page after the first', () => {
    expect(blogSearch({ tag: 'engines', category: 'news', page: 3 })).toStrictEqual({ tag: 'engines', category: 'news', page: 3 });
    expect(blogSearch({ tag: ' Engines ', page: '2' })).toStrictEqual({ tag: 'engines', page: 2 });
  });

  it('drops what is not a slug or a page', () => {
    expect(blogSearch({ tag: '../x', category: 'a b', page: 1, other: 'y' })).toStrictEqual({});
    expect(blogSearch({ tag: 5, category: '-news', page: '2x' })).toStrictEqual({});
    expect(blogSearch({ tag: 'a'.repeat(81) })).toStrictEqual({});
  });

  it('reads any URL without throwing, and reading twice changes nothing', () => {
    const value = fc.oneof(fc.string({ maxLength: 90 }), fc.integer(), fc.double(), fc.constant(null), fc.stringMatching(/^[a-z0-9-]{1,20}$/));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('tag', 'category', 'page', 'other'), value), (input) => {
        const once = blogSearch(input);
        expect(blogSearch({ ...once })).toStrictEqual(once);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('SPEC §2 blog filters', () => {
  it('a category tab chooses it; the active tab or All deselects; back to page 1', () => {
    expect(searchForCategoryTab({ page: 3, tag: 'engines' }, 'news')).toStrictEqual({ tag: 'engines', category: 'news' });
    expect(searchForCategoryTab({ category: 'news', page: 2 }, 'news')).toStrictEqual({});
    expect(searchForCategoryTab({ category: 'news' }, null)).toStrictEqual({});
    expect(searchForCategoryTab({ category: 'news' }, 'guides')).toStrictEqual({ category: 'guides' });
  });

  it('saving a tag reloads page 1 and keeps the category', () => {
    expect(searchForTag({ category: 'news', page: 4 }, 'brakes')).toStrictEqual({ category: 'news', tag: 'brakes' });
    expect(searchForTag({ tag: 'brakes', page: 2 }, null)).toStrictEqual({});
  });

  it('lays out 1 big, 3 small and the rest in the grid (SPEC §9)', () => {
    expect(newsLayout([1, 2, 3, 4, 5, 6])).toStrictEqual({ big: 1, small: [2, 3, 4], grid: [5, 6] });
    expect(newsLayout([1, 2])).toStrictEqual({ big: 1, small: [2], grid: [] });
    expect(newsLayout([])).toStrictEqual({ big: undefined, small: [], grid: [] });
  });
});

describe('what the page asks is what the API takes', () => {
  it('every URL gives a query the contract accepts', async () => {
    const { safeParse } = await import('zod/mini');
    const { articleListQuerySchema } = await import('../../contract/articles');
    const { articleListParams } = await import('./blog-search');
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('tag', 'category', 'page'), fc.oneof(fc.string({ maxLength: 90 }), fc.integer())), (input) => {
        const params = articleListParams(blogSearch(input));
        expect(safeParse(articleListQuerySchema, params).success, JSON.stringify(params)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
