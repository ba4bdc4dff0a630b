import { describe, expect, it } from 'vitest';
import { articleFormSchema, articlePublicDate, articlePublishAt, articleState, discountCodeFormSchema, discountCodeState, discountCodeValidity, formProblems, jobExpiry, loyaltyFormSchema, loyaltyThresholds, slugOf, staticPageFormSchema } from './admin-content';

const form = { code: 'spring-10', display_name: 'Spring', kind: 'PERCENT', value: 10, valid_from: '', valid_to: '', usage_limit: null, minimum_basket: null };
const problems = (input: unknown) => {
  const result = discountCodeFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the discount code form', () => {
  it('takes a percent up to 100 with two decimals and a whole amount of pence', () => {
    expect(problems(form)).toEqual({});
    expect(problems({ ...form, value: 12.5 })).toEqual({});
    expect(problems({ ...form, value: 100.01 })).toEqual({ value: 'A percent is at most 100.' });
    expect(problems({ ...form, value: 10.005 })).toEqual({ value: 'At most two decimals.' });
    expect(problems({ ...form, value: 0 })).toEqual({ value: 'Must be more than 0.' });
    expect(problems({ ...form, kind: 'AMOUNT', value: 500 })).toEqual({});
    expect(problems({ ...form, kind: 'AMOUNT', value: 500.5 })).toEqual({ value: 'An amount is a whole number of pence.' });
  });

  it('refuses a code with spaces, a last day before the first, an impossible date and a limit of 0', () => {
    expect(problems({ ...form, code: 'two words' })).toEqual({ code: 'Letters, digits and dashes only.' });
    expect(problems({ ...form, valid_from: '2026-05-02', valid_to: '2026-05-01' })).toEqual({ valid_to: 'The last day must not be before the first.' });
    expect(problems({ ...form, valid_to: '2026-02-30' })).toEqual({ valid_to: 'Enter a date (YYYY-MM-DD).' });
    expect(problems({ ...form, usage_limit: 0 })).toEqual({ usage_limit: 'Must be 1 or more.' });
    expect(problems({ ...form, display_name: 'Bad\u0000name' })).toEqual({ display_name: 'Letters, digits and punctuation only.' });
  });

  it('reads the days on London’s clock: from midnight of the first to the last moment of the last', () => {
    expect(discountCodeValidity({ valid_from: '2026-07-01', valid_to: '2026-07-31' })).toEqual({ validFrom: new Date('2026-06-30T23:00:00Z'), validTo: new Date('2026-07-31T22:59:59.999Z') });
    expect(discountCodeValidity({ valid_from: '', valid_to: '2026-01-31' })).toEqual({ validFrom: null, validTo: new Date('2026-01-31T23:59:59.999Z') });
    expect(jobExpiry('')).toBeNull();
  });

  it('says where a code stands', () => {
    const now = new Date('2026-03-02T09:00:00Z');
    const code = { validFrom: null, validTo: null, usageLimit: 2 };
    expect(discountCodeState(code, { now, timesUsed: 1 })).toBe('active');
    expect(discountCodeState(code, { now, timesUsed: 2 })).toBe('used-up');
    expect(discountCodeState({ ...code, validFrom: new Date('2026-03-03T00:00:00Z') }, { now, timesUsed: 0 })).toBe('scheduled');
    expect(discountCodeState({ ...code, validTo: new Date('2026-03-02T08:59:59Z') }, { now, timesUsed: 0 })).toBe('ended');
  });
});

describe('slugs and pages', () => {
  it('makes a slug of a title', () => {
    expect(slugOf('  Vehicle Dismantler – Leeds (Full time) ')).toBe('vehicle-dismantler-leeds-full-time');
    expect(slugOf('Café & Co')).toBe('cafe-co');
  });

  it('keeps the Markdown body’s line breaks and trims the title', () => {
    expect(staticPageFormSchema.parse({ title: ' About ', body: '# A\n\nB\tC' })).toEqual({ title: 'About', body: '# A\n\nB\tC' });
  });
});

describe('formProblems', () => {
  it('keys the first problem of each field by its path', () => {
    expect(formProblems(discountCodeFormSchema, { ...form, code: '', value: 200 })).toEqual({ code: 'At least 3 characters.', value: 'A percent is at most 100.' });
    expect(formProblems(discountCodeFormSchema, form)).toEqual({});
  });
});

describe('the loyalty form', () => {
  const level = (name: string, amount_from: number, discount: number) => ({ name, color: '#b07340', icon: 'medal', discount, amount_from });
  const loyalty = (levels: unknown[]) => ({ levels, top_text: 'Above', bottom_text: 'Below' });

  it('takes levels from £0 with rising amounts and percents from 0 to 100, and gives each the next one’s amount as its end', () => {
    const form = loyaltyFormSchema.parse(loyalty([level('Bronze', 0, 0), level('Silver', 50000, 2.5), level('Gold', 200000, 100)]));
    expect(loyaltyThresholds(form.levels).map((l) => [l.id, l.amount_from, l.amount_to])).toEqual([
      [1, 0, 50000],
      [2, 50000, 200000],
      [3, 200000, null],
    ]);
  });

  it('names the level and field of each problem', () => {
    expect(formProblems(loyaltyFormSchema, loyalty([level('Bronze', 100, 0), level('Silver', 100, 101), level('', 50, -0.5)]))).toEqual({
      'levels.0.amount_from': 'The first level starts at £0.',
      'levels.1.amount_from': 'Must be more than the level before.',
      'levels.1.discount': 'A percent is at most 100.',
      'levels.2.name': 'Name the level.',
      'levels.2.discount': 'A percent is 0 or more.',
      'levels.2.amount_from': 'Must be more than the level before.',
    });
    expect(formProblems(loyaltyFormSchema, loyalty([]))).toEqual({ levels: 'Keep at least one level.' });
    expect(formProblems(loyaltyFormSchema, loyalty([level('Bronze', 0, 1.005)]))).toEqual({ 'levels.0.discount': 'At most two decimals.' });
  });
});

describe('the article form', () => {
  const article = { title: 'Winter checks', slug: 'winter-checks', category_id: 1, tag_ids: [2, 3], summary: 'Before the frost.', body: '## Tyres', image_alt: 'A car in snow', publish_at: '2026-07-01T09:30' };

  it('reads the publish time as London wall time, summer or winter, and keeps an empty one as a draft', () => {
    expect(articlePublicDate('2026-07-01T09:30')?.toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(articlePublicDate('2026-01-15T09:30')?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(articlePublicDate('')).toBeNull();
    expect(articlePublishAt(new Date('2026-07-01T08:30:00Z'))).toBe('2026-07-01T09:30');
    expect(articlePublishAt(null)).toBe('');
  });

  it('is published from its time on, scheduled before it, and a draft without one', () => {
    const at = new Date('2026-07-01T08:30:00Z');
    expect(articleState(at, at)).toBe('published');
    expect(articleState(at, new Date(at.getTime() - 1))).toBe('scheduled');
    expect(articleState(null, at)).toBe('draft');
  });

  it('names each bad field: a missing title, a slug with spaces, an impossible date, no category', () => {
    expect(formProblems(articleFormSchema, article)).toEqual({});
    expect(formProblems(articleFormSchema, { ...article, publish_at: '' })).toEqual({});
    expect(formProblems(articleFormSchema, { ...article, title: ' ', slug: 'winter checks', publish_at: '2026-02-30T09:00', category_id: 0 })).toEqual({
      title: 'Enter a title.',
      slug: 'Lower-case letters, digits and single dashes only.',
      publish_at: 'Enter a date and time, or leave it empty for a draft.',
      category_id: 'Choose a category.',
    });
    expect(Object.keys(formProblems(articleFormSchema, { ...article, publish_at: '2026-07-01 25:00' }))).toEqual(['publish_at']);
  });
});
