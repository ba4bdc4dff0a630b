/**
 * The sandbox card form of the payment panel (SPEC §2 'Payment panel', issue 14): what the shop's
 * own card form accepts when no Stripe keys are configured. With Stripe keys the card fields are
 * Stripe's Payment Element and none of this runs. The form's react-hook-form resolver and the
 * sandbox's check on the server are this one schema, so both refuse the same input with the same
 * texts, each naming its field ('Card number', 'Expiry date', 'Security code', 'Name on card').
 *
 * The clock is an argument: whether an expiry date is past depends on today, and a rule that read
 * the system clock could not be tested (nor agree between a server and a browser in other zones).
 * Cards expire at the end of their month, read on the shop's calendar (Europe/London, SPEC §1).
 */
import * as z from 'zod/mini';
import { londonParts } from './dates';
import { t, type MessageKey } from './messages';
import './messages-more';

export const CARD_NAME_MAX_LENGTH = 100;
/** Card numbers are 12 to 19 digits (ISO/IEC 7812); a brand we know narrows it further. */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** The names a person sees for a brand (the saved cards' tiles too). */
export const CARD_BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** The form's fields as typed (the names of the inputs). */
export interface CardFormValues {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
  /** Members only: keep the card for next time (SPEC §2 payment preferences). */
  save_card?: boolean;
}

/** What the sandbox's card confirmation takes (src/contract/payments.ts confirmSandboxCard). */
export interface CardDetails {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
}

/** The digits of a card number; null when it holds anything but digits and spaces. */
export function cardDigits(input: string): string | null {
  const compact = input.replace(/\s+/g, '');
  return /^\d*$/.test(compact) ? compact : null;
}

/** The Luhn (mod 10) check every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `body` + digit pass Luhn (for tests and test numbers). */
export function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) if (passesLuhn(body + String(digit))) return String(digit);
  /* v8 ignore next */
  throw new RangeError('no Luhn check digit');
}

const inRange = (prefix: string, length: number, low: number, high: number) => {
  const value = Number(prefix.slice(0, length));
  return prefix.length >= length && value >= low && value <= high;
};

/** The brand a card number's first digits (its IIN) belong to; 'unknown' for the rest. */
export function cardBrand(input: string): CardBrand {
  const digits = cardDigits(input) ?? '';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (/^6011/.test(digits) || /^65/.test(digits) || inRange(digits, 3, 644, 649)) return 'discover';
  if (inRange(digits, 4, 3528, 3589)) return 'jcb';
  if (/^3(0[0-5]|6|8|9)/.test(digits)) return 'diners';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** The lengths a brand's numbers have; any of 12–19 for a brand we do not know. */
function brandLengths(brand: CardBrand): readonly number[] {
  switch (brand) {
    case 'visa':
      return [13, 16, 19];
    case 'mastercard':
      return [16];
    case 'amex':
      return [15];
    case 'diners':
      return [14, 16, 19];
    case 'discover':
    case 'jcb':
    case 'unionpay':
      return [16, 17, 18, 19];
    case 'unknown':
      return [12, 13, 14, 15, 16, 17, 18, 19];
  }
}

/** How many digits the security code has: 4 on American Express (the front of the card), else 3. */
export function securityCodeLength(brand: CardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

/**
 * A card number shown as it is printed, as it is typed: groups of four, or 4-6-5 on American
 * Express. Anything but digits is dropped and it stops at 19 digits.
 */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * An expiry date as it is typed, 'MM / YY': the slash appears after the month's two digits; a
 * single first digit above 1 is the month '0d'.
 */
export function formatExpiry(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The month and year of an expiry date 'MM / YY' (also 'MM/YY', 'MMYY' and a four-digit year);
 * null when it is not one. Two-digit years are this century's.
 */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month, on the shop's calendar. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const today = londonParts(now);
  return expiry.year * 12 + expiry.month < today.year * 12 + today.month;
}

export type CardField = 'card_number' | 'expiry' | 'cvc' | 'name';

/** Every problem of a filled-in form, at most one per field, in the form's order. */
export function cardFormProblems(values: Partial<CardFormValues>, now: Date): { field: CardField; key: MessageKey; vars?: Record<string, number> }[] {
  const problems: { field: CardField; key: MessageKey; vars?: Record<string, number> }[] = [];
  const numberText = (values.card_number ?? '').trim();
  const digits = cardDigits(numberText);
  const brand = cardBrand(numberText);
  if (numberText === '') problems.push({ field: 'card_number', key: 'card_form.number_required' });
  else if (digits === null) problems.push({ field: 'card_number', key: 'card_form.number_digits' });
  else if (!brandLengths(brand).includes(digits.length) || !passesLuhn(digits)) problems.push({ field: 'card_number', key: 'card_form.number_invalid' });

  const expiryText = (values.expiry ?? '').trim();
  const expiry = parseExpiry(expiryText);
  if (expiryText === '') problems.push({ field: 'expiry', key: 'card_form.expiry_required' });
  else if (!expiry) problems.push({ field: 'expiry', key: 'card_form.expiry_invalid' });
  else if (isExpired(expiry, now)) problems.push({ field: 'expiry', key: 'card_form.expiry_past' });

  const cvc = (values.cvc ?? '').trim();
  const cvcLength = securityCodeLength(brand);
  if (cvc === '') problems.push({ field: 'cvc', key: 'card_form.cvc_required' });
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) problems.push({ field: 'cvc', key: 'card_form.cvc_invalid', vars: { digits: cvcLength } });

  const name = (values.name ?? '').trim();
  if (name === '') problems.push({ field: 'name', key: 'card_form.name_required' });
  else if (name.length > CARD_NAME_MAX_LENGTH) problems.push({ field: 'name', key: 'card_form.name_too_long', vars: { max: CARD_NAME_MAX_LENGTH } });
  return problems;
}

const text = () => z._default(z.string(), '');

/**
 * The form's schema at an instant: the fields read leniently, then every rule at once, each
 * issue on its field. Use it as the react-hook-form resolver's schema (built with the clock) and
 * wherever the same fields are checked.
 */
export function cardFormSchema(now: Date) {
  return z
    .object({ card_number: text(), expiry: text(), cvc: text(), name: text(), save_card: z.optional(z.boolean()) })
    .check(
      z.superRefine((values, issues) => {
        for (const problem of cardFormProblems(values, now)) {
          issues.addIssue({ code: 'custom', message: t(problem.key, problem.vars), path: [problem.field], input: values });
        }
      }),
    );
}

/** A valid form as the sandbox's card confirmation takes it; null when the form has a problem. */
export function cardDetails(values: CardFormValues, now: Date): CardDetails | null {
  if (cardFormProblems(values, now).length > 0) return null;
  const expiry = parseExpiry(values.expiry)!;
  return {
    card_number: cardDigits(values.card_number)!,
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: values.cvc.trim(),
    name: values.name.trim(),
  };
}

/**
 * The sandbox's own check of card details sent to it (no expiry text, month and year apart): the
 * same rules, so a request the form would refuse is refused with the same texts.
 */
export function cardDetailsProblems(details: CardDetails, now: Date): ReturnType<typeof cardFormProblems> {
  const month = Number.isInteger(details.exp_month) && details.exp_month >= 1 && details.exp_month <= 12 ? details.exp_month : 0;
  const expiry = month === 0 ? 'invalid' : `${String(month).padStart(2, '0')} / ${details.exp_year}`;
  return cardFormProblems({ card_number: details.card_number, expiry, cvc: details.cvc, name: details.name }, now);
}
