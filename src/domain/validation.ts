/**
 * Field rules of SPEC §4, §5 and §9, shared by the forms and the API so both accept and reject the
 * same input. Rules return catalogue keys (messages.ts), never sentences.
 */
import type { MessageKey } from './messages';
import './messages-more';

export { cleanPartNumber, cleanVrn, isValidPartNumber, PART_NUMBER_MIN_LENGTH, partNumberKey, registrationKey, VRN_MAX_LENGTH } from './vehicle-numbers';

/** SPEC §9: a postcode has at most 15 characters. */
export const POSTCODE_MAX_LENGTH = 15;
/** The password rule chosen for SPEC §5 (see {@link passwordProblems}). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** SPEC §5: the rules text every password hint shows. */
export const PASSWORD_RULE_TEXT = 'at least 12 characters long and contain at least 1 special character';
/** SPEC §5: a marketing 'Other' answer has at least 3 characters. */
export const OTHER_ANSWER_MIN_LENGTH = 3;

/** A part's Tag (stock code) as URLs, forms and the API carry it: letters, digits and dashes. */
export const TAG_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

/**
 * SPEC §5, §9 postcode as typed: upper-cased and cut to 15 characters. Spaces are kept, so it
 * can run on every keystroke without eating the space being typed.
 */
export function normalisePostcode(s: string): string {
  return s.toUpperCase().slice(0, POSTCODE_MAX_LENGTH);
}

/** SPEC §5: a postcode reduced for comparison, upper-cased, spaces ignored ('sw1a 1aa' → 'SW1A1AA'). */
export function postcodeKey(s: string): string {
  return s.replace(/\s+/g, '').toUpperCase();
}

/**
 * SPEC §5 UK postcode pattern: 1–2 letters, 1–2 digits, an optional letter, an optional space, a
 * digit and two letters ('SW1A 1AA', 'M1 1AE', 'B338TH'), in any case, surrounding spaces ignored.
 */
export function isUkPostcode(s: string): boolean {
  return /^[A-Z]{1,2}[0-9]{1,2}[A-Z]? ?[0-9][A-Z]{2}$/.test(s.trim().toUpperCase());
}

/**
 * SPEC §5 addresses: the postcode stored in the session must match the loaded one, spaces and
 * case ignored.
 */
export function postcodesMatch(a: string, b: string): boolean {
  return postcodeKey(a) === postcodeKey(b);
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/**
 * SPEC §5 VAT number (the Polish NIP rule): 10 digits once hyphens are removed; the first nine
 * weighted 6,5,7,2,3,4,5,6,7, the sum modulo 11 equal to the last digit. A sum modulo 11 of 10
 * can never match a digit, so such numbers are invalid.
 */
export function isValidVatNumber(s: string): boolean {
  const digits = s.trim().replace(/-/g, '');
  if (!/^[0-9]{10}$/.test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return sum % 11 === Number(digits[9]);
}

/** SPEC §5 VAT number: empty gives validation.empty, invalid validation.error, else null. */
export function vatNumberProblem(s: string): MessageKey | null {
  if (s.trim() === '') return 'validation.empty';
  return isValidVatNumber(s) ? null : 'validation.error';
}

/**
 * SPEC §5 phone: only digits, spaces, plus and minus. We also ask for at least one digit, so
 * '+' or '--' alone is not a phone number; an empty field is the form's required rule, not this.
 */
export function isPhone(s: string): boolean {
  return /^[0-9 +-]+$/.test(s) && /[0-9]/.test(s);
}

/** SPEC §5: the integer-only numeric check (digits only, no sign, no decimals). */
export function isWholeNumber(s: string): boolean {
  return /^[0-9]+$/.test(s.trim());
}

/**
 * zod's email rule (z.email(), the one the API's schemas use), written out so the forms' checks do
 * not bring zod into the page's first download.
 */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** SPEC §5 login, forgotten password, enquiry: a well-formed email address. */
export function isEmail(s: string): boolean {
  return EMAIL_PATTERN.test(s.trim());
}

/** SPEC §5 marketing profile: an 'Other' answer needs at least 3 characters. */
export function isValidOtherAnswer(s: string): boolean {
  return [...s.trim()].length >= OTHER_ANSWER_MIN_LENGTH;
}

/**
 * SPEC §5 password rule. The spec's catalogue contradicts itself (6 characters, or 12 with a
 * special character); the forms and the server share the stronger one: at least 12 characters,
 * at most 128, and at least one character that is neither a letter nor a digit (in any script; a
 * space counts). Characters are counted as code points, so an emoji is one. Returns every problem,
 * in the order the hint lists them; an empty list means the password is acceptable.
 */
export function passwordProblems(s: string): MessageKey[] {
  const problems: MessageKey[] = [];
  const length = [...s].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push('validation.password_min');
  if (length > PASSWORD_MAX_LENGTH) problems.push('validation.password_max');
  if (!/[^\p{L}\p{N}]/u.test(s)) problems.push('validation.password_special');
  return problems;
}

/** SPEC §5: the repeated password must equal the password. */
export function passwordConfirmationProblem(password: string, confirmation: string): MessageKey | null {
  return password === confirmation ? null : 'validation.password_same';
}
