/**
 * SPEC §4, §5, §9: registrations and part numbers as the search forms and the API clean and check
 * them. Apart from validation.ts (which re-exports them) because the home page's search forms run
 * these at start and need none of the address, contact or password rules.
 */

/** SPEC §9: a registration number has at most 10 characters. */
export const VRN_MAX_LENGTH = 10;
/** SPEC §9: a part number has at least 3 characters. */
export const PART_NUMBER_MIN_LENGTH = 3;

/**
 * SPEC §4, §5, §9: a registration as the shop keys it, whitespace removed and upper-cased
 * ('ab12 cde' → 'AB12CDE'). The one cleaning of a registration: the API's parameter, the forms,
 * the saved car and the demo registry all use it.
 */
export function registrationKey(s: string): string {
  return s.replace(/\s+/g, '').toUpperCase();
}

/**
 * A registration as a form holds it: {@link registrationKey}, cut to 10 characters. Idempotent,
 * so cleaning a saved value again never changes it.
 */
export function cleanVrn(s: string): string {
  return registrationKey(s).slice(0, VRN_MAX_LENGTH);
}

/** SPEC §5 part number: trimmed and upper-cased. */
export function cleanPartNumber(s: string): string {
  return s.toUpperCase().trim();
}

/**
 * SPEC §7 part-number search: numbers compare with case, spaces, dashes, dots, slashes and
 * underscores ignored, so 'av6n-10300-gc' and 'AV6N 10300 GC' are both 'AV6N10300GC'. The
 * catalogue stores this key (oem_normalised) and the search looks it up.
 */
export function partNumberKey(s: string): string {
  return cleanPartNumber(s).replace(/[\s\-./\\_]+/g, '');
}

/** SPEC §5, §9: a part number needs at least 3 characters once cleaned. */
export function isValidPartNumber(s: string): boolean {
  return [...cleanPartNumber(s)].length >= PART_NUMBER_MIN_LENGTH;
}
