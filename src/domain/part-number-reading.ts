/**
 * A part number read from the old part's label by the camera (issue 31): a barcode's value or a
 * line of printed text, cleaned by SPEC §7's part-number rules (case, spaces, dashes, dots,
 * slashes and underscores ignored), so it is what the part-number search looks up.
 */
import { PART_NUMBER_MIN_LENGTH, partNumberKey } from './vehicle-numbers';

/** The longest part number the stock form accepts (stock-entry.ts). */
export const PART_NUMBER_READ_MAX_LENGTH = 40;

/** Words labels print before the number: 'P/N', 'PART NO.', 'OEM', 'REF'. */
const LABEL_WORDS = /^(?:(?:PART\s*(?:NO|NUMBER|NR)|P\s*\/?\s*N|OEM(?:\s*NO)?|REF(?:ERENCE)?|ART(?:\s*NR)?|NO)\b[\s.:#]*)+/;

/**
 * The part number a barcode carries, or null when it is not one: after the rules, 3 to 40 letters
 * and digits. A label's own words before the number are dropped.
 */
export function partNumberOfCode(value: string): string | null {
  const upper = value.toUpperCase().trim().replace(LABEL_WORDS, '');
  const key = partNumberKey(upper);
  if (key.length < PART_NUMBER_MIN_LENGTH || key.length > PART_NUMBER_READ_MAX_LENGTH) return null;
  return /^[A-Z0-9]+$/.test(key) ? key : null;
}

/**
 * The part number in printed text (several lines from the reader), or null: the longest line
 * that is a part number once the label's words are dropped and that has a digit in it (a line of
 * words alone, like the maker's name, is not a number).
 */
export function partNumberInText(text: string): string | null {
  let best: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const number = partNumberOfCode(line);
    if (number && /\d/.test(number) && (!best || number.length > best.length)) best = number;
  }
  return best;
}

/** The characters the reader looks for on a label: letters, digits and the separators the rules ignore. */
export const PART_NUMBER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-./ ';
