/**
 * The VAT number of a company account (issue 15 'Company accounts'; SPEC §3 vat_no, §5 'VAT
 * number'). The shop sells to UK companies, so it accepts UK VAT registration numbers as HMRC
 * issues them, and keeps accepting the 10-digit rule SPEC §5 describes (the Polish NIP checksum),
 * since numbers stored under that rule must stay valid:
 *
 * - a standard UK number: 9 digits, the last two check digits of the first seven by HMRC's
 *   modulus 97 rule or, for numbers issued since 2010 (first three digits 100 or more), its
 *   modulus 97-55 ('9755') rule;
 * - a branch (group member) number: those 9 digits and a 3-digit branch identifier (12 digits);
 * - a government department, GD000–GD499, and a health authority, HA500–HA999, also in their EU
 *   form GD8888nnncc / HA8888nnncc (cc = nnn modulo 97);
 * - SPEC §5: 10 digits once hyphens are removed, weights 6,5,7,2,3,4,5,6,7, the sum modulo 11 equal
 *   to the last digit.
 *
 * As people type them: the 'GB' prefix (or 'XI', Northern Ireland's) is optional and spaces and
 * hyphens are ignored, in any case ('gb 980 7806 84', 'GB980780684', '980-7806-84').
 *
 * The check digits: multiply the first seven digits by 8,7,6,5,4,3,2 and add the last two digits
 * read as a number; the total is a multiple of 97 (modulus 97), or the total plus 55 is (modulus
 * 97-55). E.g. 980 7806 84: 72+56+0+35+32+0+12 = 207, 207 + 84 = 291 = 3 × 97. Sources: HMRC's
 * description as retold by h2g2 'VAT registration numbers' (A10287461) and python-stdnum's
 * stdnum/gb/vat.py (which also gives the ranges above).
 */
import type { MessageKey } from './messages';
import './messages-more';

/** What kind of number a VAT number is; see the file's comment. */
export type VatNumberKind = 'standard' | 'branch' | 'government' | 'health' | 'nip';

/** The weights of HMRC's check on the first seven digits. */
const UK_WEIGHTS = [8, 7, 6, 5, 4, 3, 2] as const;
/** The weights of SPEC §5's 10-digit rule on the first nine digits. */
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** The two check-digit rules of a 9-digit UK VAT number. */
export type UkCheckRule = 'mod97' | 'mod9755';

/**
 * A VAT number as the shop stores it: upper case, no spaces or hyphens, no 'GB' or 'XI' prefix
 * ('GB 123 4567 89' → '123456789', 'gb gd001' → 'GD001', '526-025-02-74' → '5260250274').
 */
export function normaliseVatNumber(value: string): string {
  const compact = value.replace(/[\s-]+/g, '').toUpperCase();
  return /^(GB|XI)/.test(compact) ? compact.slice(2) : compact;
}

function weightedSum(digits: string, weights: readonly number[]): number {
  return weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
}

/**
 * Which rule, if any, the 9 digits of a UK VAT number pass: the weighted sum of the first seven
 * plus the last two read as a number is 0 modulo 97 (modulus 97) or 42 modulo 97, i.e. adding 55
 * makes it a multiple of 97 (modulus 97-55); the check digits are 00–96. Numbers below
 * 100 000 000 were all issued under modulus 97.
 */
export function ukCheckRuleOf(nineDigits: string): UkCheckRule | null {
  if (!/^[0-9]{9}$/.test(nineDigits)) return null;
  const check = Number(nineDigits.slice(7));
  // A remainder modulo 97: the check digits run from 00 to 96 only.
  if (check > 96) return null;
  const remainder = (weightedSum(nineDigits, UK_WEIGHTS) + check) % 97;
  if (remainder === 0) return 'mod97';
  if (remainder === 42 && Number(nineDigits.slice(0, 3)) >= 100) return 'mod9755';
  return null;
}

/**
 * The two check digits that complete seven digits under a rule ('9807806', 'mod97' → '84'):
 * the number 00–96 that brings the total to 0 (modulus 97) or 42 (modulus 97-55) modulo 97.
 * (Modulus 97-55 applies only when the first three digits are 100 or more.)
 */
export function ukCheckDigits(sevenDigits: string, rule: UkCheckRule): string {
  if (!/^[0-9]{7}$/.test(sevenDigits)) throw new Error(`Seven digits expected, got '${sevenDigits}'`);
  const target = rule === 'mod97' ? 0 : 42;
  const check = (((target - weightedSum(sevenDigits, UK_WEIGHTS)) % 97) + 97) % 97;
  return String(check).padStart(2, '0');
}

function isNip(digits: string): boolean {
  if (!/^[0-9]{10}$/.test(digits)) return false;
  return weightedSum(digits, NIP_WEIGHTS) % 11 === Number(digits[9]);
}

/** The kind of a valid VAT number in any accepted spelling, or null when it is not one. */
export function vatNumberKind(value: string): VatNumberKind | null {
  const number = normaliseVatNumber(value);
  const body = /^(GD|HA)(?:8888)?([0-9]{3})([0-9]{2})?$/.exec(number);
  if (body && (number.length === 5 || number.length === 11)) {
    const code = Number(body[2]);
    // The EU form carries a check: the three digits modulo 97.
    if (body[3] !== undefined && code % 97 !== Number(body[3])) return null;
    if (body[1] === 'GD') return code <= 499 ? 'government' : null;
    return code >= 500 ? 'health' : null;
  }
  if (/^[0-9]{9}$/.test(number)) return ukCheckRuleOf(number) ? 'standard' : null;
  if (/^[0-9]{12}$/.test(number)) return ukCheckRuleOf(number.slice(0, 9)) ? 'branch' : null;
  // SPEC §5's rule removes hyphens only: a 'GB' or 'XI' prefix belongs to UK numbers.
  if (/^(gb|xi)/i.test(value.replace(/[\s-]+/g, ''))) return null;
  return isNip(number) ? 'nip' : null;
}

/**
 * The VAT number rule of every form (checkout, registration, member details) and of the VAT
 * lookup: null when the number is valid, else the catalogue key of the problem — SPEC §5
 * 'validation.empty' for an empty field, 'validation.error' for a number that is none of the
 * accepted kinds. The field it belongs to is named by where it is reported (the form's path, the
 * API's `errors` key); show it with t(key).
 */
export function vatNumberProblem(value: string): MessageKey | null {
  if (value.trim() === '') return 'validation.empty';
  return vatNumberKind(value) ? null : 'validation.error';
}

/**
 * The number HMRC's register knows a company by: the 9 digits of a standard or branch number;
 * null for the kinds it does not hold (government departments, health authorities, SPEC §5's
 * 10-digit numbers) or an invalid number.
 */
export function ukRegistrationNumber(value: string): string | null {
  const kind = vatNumberKind(value);
  if (kind !== 'standard' && kind !== 'branch') return null;
  return normaliseVatNumber(value).slice(0, 9);
}
