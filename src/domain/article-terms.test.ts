import { describe, expect, it } from 'vitest';
import { formProblems } from './admin-content';
import { ARTICLE_TERM_SLUG_MAX, articleTermClash, articleTermFormSchema, articleTermSlug, articleTermTaken, categoryDeleteRefusal, tagDeleteWarning } from './article-terms';

describe("a tag's or category's slug", () => {
  it('is made by the shop’s slug rule: lower case, accents dropped, one dash between words', () => {
    expect(articleTermSlug('MOT & Safety')).toBe('mot-safety');
    expect(articleTermSlug('  Électrics — wiring ')).toBe('electrics-wiring');
    expect(articleTermSlug('!!!')).toBe('');
  });

  it('fits the 80 characters /blog reads from its URLs, never ending in a dash', () => {
    // NFKD turns one character into several ('㎏' → 'kg'), so a name within its limit can make a longer slug.
    const slug = articleTermSlug(`${'㎏ '.repeat(40)}x`);
    expect(slug.length).toBeLessThanOrEqual(ARTICLE_TERM_SLUG_MAX);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('the tag and category form', () => {
  const problems = (name: unknown) => formProblems(articleTermFormSchema, { name });

  it('takes a trimmed name of up to 60 characters', () => {
    expect(problems('Brakes')).toEqual({});
    expect(articleTermFormSchema.parse({ name: '  Brakes  ' })).toEqual({ name: 'Brakes' });
    expect(problems('x'.repeat(60))).toEqual({});
  });

  it('refuses an empty name, a long one and one with no letter or digit to make an address from', () => {
    expect(problems('   ')).toEqual({ name: 'Enter a name.' });
    expect(problems('x'.repeat(61))).toEqual({ name: 'At most 60 characters.' });
    expect(problems('!!!')).toEqual({ name: 'Use letters or digits in the name: its address on the blog is made from them.' });
    expect(problems(undefined)).toEqual({ name: 'Enter a name.' });
  });
});

describe('a name that clashes', () => {
  const tags = [
    { id: 1, slug: 'brakes', name: 'Brakes' },
    // Renamed: its address stayed.
    { id: 2, slug: 'servicing', name: 'Service intervals' },
  ];

  it('clashes with a tag at the address it would make, or whose name makes the same address', () => {
    expect(articleTermClash(tags, 'brakes!')?.id).toBe(1);
    expect(articleTermClash(tags, 'Servicing')?.id).toBe(2);
    expect(articleTermClash(tags, 'service  intervals')?.id).toBe(2);
    expect(articleTermClash(tags, 'Clutches')).toBeUndefined();
  });

  it('is no clash with the tag being renamed', () => {
    expect(articleTermClash(tags, 'BRAKES', 1)).toBeUndefined();
    expect(articleTermClash(tags, 'Servicing', 1)?.id).toBe(2);
  });

  it('names the tag or category it clashes with', () => {
    expect(articleTermTaken('tag', { id: 1, slug: 'brakes', name: 'Brakes' })).toBe('There is already a tag named "Brakes" (address brakes).');
    expect(articleTermTaken('category', { id: 1, slug: 'news', name: 'News' })).toBe('There is already a category named "News" (address news).');
  });
});

describe('deleting', () => {
  it('refuses a category still used by articles, saying how many', () => {
    expect(categoryDeleteRefusal('News', 0)).toBeNull();
    expect(categoryDeleteRefusal('News', 1)).toBe('News is the category of 1 article: move it to another category first.');
    expect(categoryDeleteRefusal('News', 3)).toBe('News is the category of 3 articles: move them to another category first.');
  });

  it('says which articles lose a tag', () => {
    expect(tagDeleteWarning('Brakes', 0)).toBe('Brakes is on no article.');
    expect(tagDeleteWarning('Brakes', 2)).toBe('Brakes is removed from 2 articles; the articles stay.');
  });
});
