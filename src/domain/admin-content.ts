/**
 * The back office's content forms: discount codes, static pages and job adverts. Each schema is
 * both the staff screen's form resolver and the body the server checks, so both refuse the same
 * input with the same message under the same field. Dates are London calendar dates
 * ('YYYY-MM-DD', as a date input gives them), '' for none; amounts are pence.
 */
import * as z from 'zod/mini';
import { type DiscountCodeKind, discountCodeKey } from './cart-totals';
import { addDays, isCalendarDate, londonDate, londonParts, londonTime } from './dates';
import { multiLine } from './multi-line';
import { lazySchema } from './lazy-schema';

export const DISCOUNT_CODE_KIND_LIST = ['PERCENT', 'AMOUNT'] as const satisfies readonly DiscountCodeKind[];
const MAX_PENCE = 100_000_000;
const MAX_INTEGER = 2_147_483_647;

/** Control characters (NUL above all, which PostgreSQL cannot store) are never stored; line breaks and tabs are text. */
const printable = z.refine<string>(
  (s) => ![...s].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 32 && c !== '\n' && c !== '\r' && c !== '\t') || (code >= 0x7f && code <= 0x9f);
  }),
  'Letters, digits and punctuation only.',
);

/** A trimmed text of at most `max` characters; `required` names what is missing when it is empty. */
export function textField(max: number, required?: string) {
  return z.string(required ? { error: required } : undefined).check(
    z.trim(),
    printable,
    z.maxLength(max, `At most ${max} characters.`),
    ...(required ? [z.minLength(1, required)] : []),
  );
}

/** A London calendar date or '' for none. */
const dateOrEmpty = lazySchema(() => z.string().check(
  z.trim(),
  z.refine((value) => value === '' || isCalendarDate(value), 'Enter a date (YYYY-MM-DD).'),
));

const wholeOrNull = (min: number, max: number, message: string) =>
  z.nullable(z.int('Must be a whole number.').check(z.gte(min, message), z.lte(max, 'Too large.')));

/** A slug in URLs: lower-case letters, digits and single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugField = lazySchema(() => z.string({ error: 'Enter a slug.' }).check(
  z.trim(),
  z.minLength(1, 'Enter a slug.'),
  z.maxLength(120, 'At most 120 characters.'),
  z.regex(SLUG_PATTERN, 'Lower-case letters, digits and single dashes only.'),
));

/** A slug made from a title: what the form offers until staff write their own. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

// ---------------------------------------------------------------------------------------------
// Discount codes

/**
 * A new discount code, as the checkout's rules read it (src/domain/cart-totals.ts
 * DiscountCodeTerms): the code customers type (stored as {@link discountCodeKey} reduces it),
 * a percent off the goods (more than 0, at most 100, two decimals) or an amount off in pence
 * (VAT included), the days it is valid (from the start of valid_from to the end of valid_to,
 * London time), how many orders may use it, and the smallest basket (gross pence).
 */
export const discountCodeFormSchema = lazySchema(() => z
  .object({
    code: z.string({ error: 'Enter a code.' }).check(
      z.trim(),
      z.minLength(3, 'At least 3 characters.'),
      z.maxLength(32, 'At most 32 characters.'),
      z.regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and dashes only.'),
    ),
    display_name: textField(100, 'Enter the name customers see.'),
    kind: z.enum(DISCOUNT_CODE_KIND_LIST, 'Choose a percent or an amount.'),
    value: z.number('Enter a number.').check(z.gt(0, 'Must be more than 0.'), z.lte(MAX_PENCE, 'Too large.')),
    valid_from: dateOrEmpty,
    valid_to: dateOrEmpty,
    usage_limit: wholeOrNull(1, MAX_INTEGER, 'Must be 1 or more.'),
    minimum_basket: wholeOrNull(0, MAX_PENCE, 'Must be 0 or more.'),
  })
  .check(
    z.refine((form) => form.kind !== 'PERCENT' || form.value <= 100, { error: 'A percent is at most 100.', path: ['value'] }),
    z.refine((form) => form.kind !== 'PERCENT' || Math.round(form.value * 100) === form.value * 100, { error: 'At most two decimals.', path: ['value'] }),
    z.refine((form) => form.kind !== 'AMOUNT' || Number.isInteger(form.value), { error: 'An amount is a whole number of pence.', path: ['value'] }),
    z.refine((form) => form.valid_from === '' || form.valid_to === '' || form.valid_from <= form.valid_to, { error: 'The last day must not be before the first.', path: ['valid_to'] }),
  ));
export type DiscountCodeForm = z.infer<typeof discountCodeFormSchema>;

/** The instants a code's days mean: from London's midnight of the first day to the last moment of the last. */
export function discountCodeValidity(form: Pick<DiscountCodeForm, 'valid_from' | 'valid_to'>): { validFrom: Date | null; validTo: Date | null } {
  return {
    validFrom: form.valid_from === '' ? null : londonTime(form.valid_from, 0),
    validTo: form.valid_to === '' ? null : new Date(londonTime(addDays(form.valid_to, 1), 0).getTime() - 1),
  };
}

/** The code as the checkout looks it up. */
export const discountCodeStored = (code: string): string => discountCodeKey(code);

export const DISCOUNT_CODE_STATES = ['active', 'scheduled', 'ended', 'used-up'] as const;
export type DiscountCodeState = (typeof DISCOUNT_CODE_STATES)[number];

/** Where a code stands now: not started yet, ended (or disabled), used up, or taken at checkout. */
export function discountCodeState(code: { validFrom: Date | null; validTo: Date | null; usageLimit: number | null }, at: { now: Date; timesUsed: number }): DiscountCodeState {
  if (code.validTo && at.now > code.validTo) return 'ended';
  if (code.usageLimit !== null && at.timesUsed >= code.usageLimit) return 'used-up';
  if (code.validFrom && at.now < code.validFrom) return 'scheduled';
  return 'active';
}

/** The London date an instant falls on, '' for none (what the form shows of a stored instant). */
export const calendarDateOf = (instant: Date | null): string => (instant ? londonDate(instant) : '');

// ---------------------------------------------------------------------------------------------
// Static pages

/** A static page's title and its body as Markdown (raw HTML in it passes through the shop's sanitiser). */
export const staticPageFormSchema = lazySchema(() => z.object({
  title: textField(150, 'Enter a title.'),
  body: multiLine(textField(100_000, 'Write the page.')),
}));
export type StaticPageForm = z.infer<typeof staticPageFormSchema>;

// ---------------------------------------------------------------------------------------------
// Job adverts

const salaryField = lazySchema(() => wholeOrNull(0, 10_000_000, 'Must be 0 or more.'));
const idChoice = (message: string) => z.int(message).check(z.gte(1, message), z.lte(MAX_INTEGER, message));

/** A job advert (SPEC §3 Job): the texts (description and how to apply are Markdown), its facts and its expiry. */
export const jobFormSchema = lazySchema(() => z
  .object({
    title: textField(150, 'Enter a title.'),
    slug: slugField,
    purpose: multiLine(textField(500, 'Say what the job is for.')),
    description: multiLine(textField(50_000, 'Describe the job.')),
    how_to_apply: multiLine(textField(10_000, 'Say how to apply.')),
    salary: textField(100),
    salary_from: salaryField,
    salary_to: salaryField,
    working_hours: textField(100, 'Enter the working hours.'),
    working_pattern: textField(100, 'Enter the working pattern.'),
    category_id: idChoice('Choose a category.'),
    location_id: idChoice('Choose a location.'),
    sector_id: idChoice('Choose whom the role reports to.'),
    featured: z.boolean(),
    /** The last day it is open (London); '' for open until withdrawn. */
    expires_on: dateOrEmpty,
  })
  .check(
    z.refine((form) => form.salary_from === null || form.salary_to === null || form.salary_from <= form.salary_to, {
      error: 'The top of the range must not be below its bottom.',
      path: ['salary_to'],
    }),
  ));
export type JobForm = z.infer<typeof jobFormSchema>;

/** The instant a job closes: the end of its last day, London time. */
export function jobExpiry(expiresOn: string): Date | null {
  return expiresOn === '' ? null : new Date(londonTime(addDays(expiresOn, 1), 0).getTime() - 1);
}

// ---------------------------------------------------------------------------------------------
// Loyalty levels and the loyalty page's texts

export const LOYALTY_LEVELS_MAX = 10;
/** A colour as a colour input gives it ('#b07340') or as the shop seeded them ('rgba(176, 115, 64, 1)'). */
const COLOUR = /^(#[0-9a-fA-F]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/;

const loyaltyLevelSchema = lazySchema(() => z.object({
  name: textField(40, 'Name the level.'),
  color: z.string().check(z.trim(), z.regex(COLOUR, 'Choose a colour.')),
  icon: z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,40}$/, 'Lower-case letters, digits and dashes only.')),
  /** Percent off the goods, 0–100, two decimals. */
  discount: z
    .number('Enter a number.')
    .check(
      z.gte(0, 'A percent is 0 or more.'),
      z.lte(100, 'A percent is at most 100.'),
      z.refine((value) => Math.round(value * 100) === value * 100, 'At most two decimals.'),
    ),
  /** The turnover (paid orders, gross pence) from which the level applies. */
  amount_from: z.int('Must be a whole number of pence.').check(z.gte(0, 'Must be 0 or more.'), z.lte(MAX_PENCE, 'Too large.')),
}));

/**
 * The loyalty levels, lowest first, and the loyalty page's two texts (Markdown). Each level runs
 * from its amount up to the next level's (the last has no upper bound), so amounts must rise;
 * the first starts at £0 so every member has a level.
 */
export const loyaltyFormSchema = lazySchema(() => z
  .object({
    levels: z.array(loyaltyLevelSchema).check(z.minLength(1, 'Keep at least one level.'), z.maxLength(LOYALTY_LEVELS_MAX, `At most ${LOYALTY_LEVELS_MAX} levels.`)),
    top_text: multiLine(textField(20_000, 'Write the text above the levels.')),
    bottom_text: multiLine(textField(20_000, 'Write the text below the levels.')),
  })
  .check(
    z.superRefine((form, context) => {
      const first = form.levels[0];
      if (first && first.amount_from !== 0) context.addIssue({ code: 'custom', message: 'The first level starts at £0.', path: ['levels', 0, 'amount_from'], input: first.amount_from });
      form.levels.forEach((level, index) => {
        const previous = form.levels[index - 1];
        if (previous && level.amount_from <= previous.amount_from) {
          context.addIssue({ code: 'custom', message: 'Must be more than the level before.', path: ['levels', index, 'amount_from'], input: level.amount_from });
        }
      });
    }),
  ));
export type LoyaltyForm = z.infer<typeof loyaltyFormSchema>;

/** The levels as the cart reads them: ids in order, each up to the next level's amount. */
export function loyaltyThresholds(levels: LoyaltyForm['levels']) {
  return levels.map((level, index) => ({ id: index + 1, ...level, amount_to: levels[index + 1]?.amount_from ?? null }));
}

/** Where the loyalty page's two texts are kept among the shop's content pages. */
export const LOYALTY_TEXT_SLUGS = { top: 'loyalty-top-text', bottom: 'loyalty-bottom-text' } as const;

// ---------------------------------------------------------------------------------------------
// Articles

/** A London wall time as a datetime input gives it, 'YYYY-MM-DDTHH:MM'. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** An article of the blog (SPEC §3 Article): its texts (summary and body are Markdown), category, tags and publish time. */
export const articleFormSchema = lazySchema(() => z.object({
  title: textField(200, 'Enter a title.'),
  slug: slugField,
  category_id: idChoice('Choose a category.'),
  tag_ids: z.array(idChoice('Choose a tag.')).check(z.maxLength(20, 'At most 20 tags.')),
  summary: multiLine(textField(2_000, 'Write a summary.')),
  body: multiLine(textField(100_000, 'Write the article.')),
  /** What the picture shows, for readers who cannot see it. */
  image_alt: textField(200, 'Say what the picture shows.'),
  /** When it goes on the blog (London wall time), '' for a draft the shop never shows. */
  publish_at: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || (LOCAL_DATE_TIME.test(value) && isCalendarDate(value.slice(0, 10))), 'Enter a date and time, or leave it empty for a draft.'),
  ),
}));
export type ArticleForm = z.infer<typeof articleFormSchema>;

/** The instant a publish time means (London), null for a draft. */
export function articlePublicDate(publishAt: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(publishAt);
  return match?.[1] ? londonTime(match[1], Number(match[2]), Number(match[3])) : null;
}

/** The publish time as the form shows a stored instant: London wall time, '' for a draft. */
export function articlePublishAt(instant: Date | null): string {
  if (!instant) return '';
  const { hour, minute } = londonParts(instant);
  return `${londonDate(instant)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export const ARTICLE_STATES = ['published', 'scheduled', 'draft'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/** On the blog now, waiting for its time, or a draft. */
export function articleState(publicDate: Date | null, now: Date): ArticleState {
  if (!publicDate) return 'draft';
  return publicDate <= now ? 'published' : 'scheduled';
}

/**
 * The first problem of each field the schema finds in a form's body, keyed by the field's path
 * ('levels.1.amount_from'), as a 422 names them: what the back office's forms show before sending.
 */
export function formProblems(schema: z.ZodMiniType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  const problems: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}
