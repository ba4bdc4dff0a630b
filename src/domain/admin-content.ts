/**
 * The back office's content forms: discount codes, static pages and job adverts. Each schema is
 * both the staff screen's form resolver and the body the server checks, so both refuse the same
 * input with the same message under the same field. Dates are London calendar dates
 * ('YYYY-MM-DD', as a date input gives them), '' for none; amounts are pence.
 */
import * as z from 'zod/mini';
import { type DiscountCodeKind, discountCodeKey } from './cart-totals';
import { addDays, isCalendarDate, londonDate, londonTime } from './dates';

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
const dateOrEmpty = z.string().check(
  z.trim(),
  z.refine((value) => value === '' || isCalendarDate(value), 'Enter a date (YYYY-MM-DD).'),
);

const wholeOrNull = (min: number, max: number, message: string) =>
  z.nullable(z.int('Must be a whole number.').check(z.gte(min, message), z.lte(max, 'Too large.')));

/** A slug in URLs: lower-case letters, digits and single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugField = z.string({ error: 'Enter a slug.' }).check(
  z.trim(),
  z.minLength(1, 'Enter a slug.'),
  z.maxLength(120, 'At most 120 characters.'),
  z.regex(SLUG_PATTERN, 'Lower-case letters, digits and single dashes only.'),
);

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
export const discountCodeFormSchema = z
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
  );
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
export const staticPageFormSchema = z.object({
  title: textField(150, 'Enter a title.'),
  body: textField(100_000, 'Write the page.'),
});
export type StaticPageForm = z.infer<typeof staticPageFormSchema>;

// ---------------------------------------------------------------------------------------------
// Job adverts

const salaryField = wholeOrNull(0, 10_000_000, 'Must be 0 or more.');
const idChoice = (message: string) => z.int(message).check(z.gte(1, message), z.lte(MAX_INTEGER, message));

/** A job advert (SPEC §3 Job): the texts (description and how to apply are Markdown), its facts and its expiry. */
export const jobFormSchema = z
  .object({
    title: textField(150, 'Enter a title.'),
    slug: slugField,
    purpose: textField(500, 'Say what the job is for.'),
    description: textField(50_000, 'Describe the job.'),
    how_to_apply: textField(10_000, 'Say how to apply.'),
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
  );
export type JobForm = z.infer<typeof jobFormSchema>;

/** The instant a job closes: the end of its last day, London time. */
export function jobExpiry(expiresOn: string): Date | null {
  return expiresOn === '' ? null : new Date(londonTime(addDays(expiresOn, 1), 0).getTime() - 1);
}
