/**
 * UK number plates as the camera reads them (issue 31). What optical character recognition gives
 * back is a line of letters and digits with the plate's look-alikes mixed up (0 and O, 1 and I)
 * and some noise around it (the GB band, the plate's edge). These rules find the registration in
 * it by the formats the DVLA has issued, and only a registration one of them allows:
 *
 * - current (2001 on): AB12 CDE — two area letters (no I, Q or Z), the age (02–49 in March,
 *   51–99 in September), three random letters (no I or Q);
 * - prefix (1983–2001): A123 BCD — the year letter (no I, O, Q, U or Z), 1–3 digits, three letters
 *   (no I, Q or Z);
 * - suffix (1963–1983): ABC 123D — three letters (no I, Q or Z), 1–3 digits, the year letter;
 * - dateless (before 1963): 1–3 letters and 1–4 digits, either way round (no I, Q or Z);
 * - Northern Irish: an optional letter, a two-letter NI code (with I or Z) and 1–4 digits.
 *
 * Where a format says a place holds a digit, O reads as 0 and I as 1; where it says a letter, 0
 * reads as O and 1 as I (when the letter I is allowed there). A letter a format never uses there
 * (I, Q or Z) rules that format out rather than being guessed at.
 */

export type PlateFormat = 'current' | 'prefix' | 'suffix' | 'dateless' | 'northern-irish';

export interface PlateReading {
  /** As the shop keys it: no spaces, upper case ('AB12CDE'). */
  registration: string;
  /** As printed on the plate: 'AB12 CDE'. */
  display: string;
  format: PlateFormat;
}

const ALL_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lettersWithout = (excluded: string) => [...ALL_LETTERS].filter((letter) => !excluded.includes(letter)).join('');

/** Area letters of the current format and the letters of older plates. */
const NO_IQZ = lettersWithout('IQZ');
/** The random letters of the current format. */
const NO_IQ = lettersWithout('IQ');
/** Year letters of prefix and suffix plates. */
const YEAR_LETTERS = lettersWithout('IOQUZ');

/** Northern Ireland's two-letter codes: each has an I or a Z, which no plate of Great Britain has there. */
export const NORTHERN_IRISH_CODES = [
  'AZ', 'BZ', 'CZ', 'DZ', 'EZ', 'FZ', 'GZ', 'HZ', 'IA', 'IB', 'IG', 'IJ', 'IL', 'IW', 'JI', 'JZ',
  'KZ', 'LZ', 'MZ', 'NZ', 'OI', 'OZ', 'PZ', 'RZ', 'SZ', 'TZ', 'UI', 'UZ', 'VZ', 'WZ', 'XI', 'YZ',
] as const;

/** One place of a format: a digit, or a letter from the given alphabet. */
type Place = { digit: true } | { digit: false; letters: string };
const DIGIT: Place = { digit: true };
const letter = (letters: string): Place => ({ digit: false, letters });

/** The character meant at a place, or null when the character cannot stand there. */
function placeChar(ch: string, place: Place): string | null {
  if (place.digit) {
    if (ch >= '0' && ch <= '9') return ch;
    if (ch === 'O') return '0';
    if (ch === 'I') return '1';
    return null;
  }
  const meant = ch === '0' ? 'O' : ch === '1' ? 'I' : ch;
  return place.letters.includes(meant) ? meant : null;
}

/** Reads `text` against the places, or null. */
function fit(text: string, places: Place[]): string | null {
  if (text.length !== places.length) return null;
  let out = '';
  for (let i = 0; i < places.length; i++) {
    const ch = placeChar(text[i] ?? '', places[i] as Place);
    if (ch === null) return null;
    out += ch;
  }
  return out;
}

const repeat = (place: Place, count: number): Place[] => Array.from({ length: count }, () => place);

/** The current format's age: 02–49 (March) or 51–99 (September); 00, 01 and 50 were never issued. */
function isCurrentAge(age: string): boolean {
  const n = Number(age);
  return (n >= 2 && n <= 49) || (n >= 51 && n <= 99);
}

interface Candidate {
  format: PlateFormat;
  /** Splits the cleaned registration where the plate shows a space. */
  gap: number;
  read: (text: string) => string | null;
}

function candidatesFor(length: number): Candidate[] {
  const out: Candidate[] = [];
  if (length === 7) {
    out.push({
      format: 'current',
      gap: 4,
      read: (text) => {
        const read = fit(text, [letter(NO_IQZ), letter(NO_IQZ), DIGIT, DIGIT, letter(NO_IQ), letter(NO_IQ), letter(NO_IQ)]);
        return read && isCurrentAge(read.slice(2, 4)) ? read : null;
      },
    });
  }
  // Northern Irish: [letter] + NI code + 1–4 digits (the number never starts with 0).
  for (const lead of [0, 1]) {
    const digits = length - lead - 2;
    if (digits < 1 || digits > 4) continue;
    out.push({
      format: 'northern-irish',
      gap: lead + 2,
      read: (text) => {
        const read = fit(text, [...repeat(letter(NO_IQZ), lead), letter(ALL_LETTERS), letter(ALL_LETTERS), ...repeat(DIGIT, digits)]);
        if (!read) return null;
        const code = read.slice(lead, lead + 2);
        return (NORTHERN_IRISH_CODES as readonly string[]).includes(code) && read[lead + 2] !== '0' ? read : null;
      },
    });
  }
  // Prefix: year letter + 1–3 digits + three letters.
  for (let digits = 1; digits <= 3; digits++) {
    if (length !== 1 + digits + 3) continue;
    out.push({
      format: 'prefix',
      gap: 1 + digits,
      read: (text) => {
        const read = fit(text, [letter(YEAR_LETTERS), ...repeat(DIGIT, digits), ...repeat(letter(NO_IQZ), 3)]);
        return read && read[1] !== '0' ? read : null;
      },
    });
  }
  // Suffix: three letters + 1–3 digits + year letter.
  for (let digits = 1; digits <= 3; digits++) {
    if (length !== 3 + digits + 1) continue;
    out.push({
      format: 'suffix',
      gap: 3,
      read: (text) => {
        const read = fit(text, [...repeat(letter(NO_IQZ), 3), ...repeat(DIGIT, digits), letter(YEAR_LETTERS)]);
        return read && read[3] !== '0' ? read : null;
      },
    });
  }
  // Dateless: 1–3 letters and 1–4 digits, either order.
  for (let letters = 1; letters <= 3; letters++) {
    const digits = length - letters;
    if (digits < 1 || digits > 4) continue;
    out.push({
      format: 'dateless',
      gap: letters,
      read: (text) => {
        const read = fit(text, [...repeat(letter(NO_IQZ), letters), ...repeat(DIGIT, digits)]);
        return read && read[letters] !== '0' ? read : null;
      },
    });
    out.push({
      format: 'dateless',
      gap: digits,
      read: (text) => {
        const read = fit(text, [...repeat(DIGIT, digits), ...repeat(letter(NO_IQZ), letters)]);
        return read && read[0] !== '0' ? read : null;
      },
    });
  }
  return out;
}

/**
 * The registration `text` is, read by the formats in the order above (the current format first),
 * or null. `text` is one plate's characters; spaces are ignored.
 */
export function plateOf(text: string): PlateReading | null {
  const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (compact.length < 2 || compact.length > 7) return null;
  for (const candidate of candidatesFor(compact.length)) {
    const registration = candidate.read(compact);
    if (registration) {
      return { registration, display: `${registration.slice(0, candidate.gap)} ${registration.slice(candidate.gap)}`, format: candidate.format };
    }
  }
  return null;
}

/** Words a plate carries beside its registration: the band's national identifiers. */
const BAND_WORDS = new Set(['GB', 'UK', 'NI', 'GBM', 'GBZ', 'GBJ', 'GBG', 'CYM', 'ENG', 'SCO']);

/**
 * The registration in a line of recognised text, or null. The line may carry the band's letters
 * (GB, UK) and a stray mark beside the plate: runs of its words are tried and the longest that
 * makes a registration wins, as long as it leaves at most one other character. A run is never cut
 * inside a word, and a line with more left over than that is a plate half read ('DA1 PXY' of
 * 'DA18 PXY' is a valid dateless registration, and a wrong one), so it gives nothing.
 */
export function plateInText(text: string): PlateReading | null {
  const words = text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word.length > 0);
  let best: { reading: PlateReading; start: number; end: number } | null = null;
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= words.length; end++) {
      const joined = words.slice(start, end).join('');
      if (joined.length > 7) break;
      const reading = plateOf(joined);
      if (reading && (!best || reading.registration.length > best.reading.registration.length)) best = { reading, start, end };
    }
  }
  if (!best) return null;
  const { start, end } = best;
  const leftOver = words.filter((word, i) => (i < start || i >= end) && !BAND_WORDS.has(word)).join('').length;
  return leftOver <= 1 ? best.reading : null;
}

/**
 * Issue 31: a reading is taken only once `needed` consecutive frames agree. `recent` is the
 * readings of the latest frames, oldest first (null for a frame that read nothing).
 */
export function agreedReading<T extends { registration: string }>(recent: readonly (T | null)[], needed = 2): T | null {
  if (recent.length < needed) return null;
  const last = recent.slice(-needed);
  const first = last[0];
  if (!first) return null;
  return last.every((reading) => reading?.registration === first.registration) ? first : null;
}

/** The characters a plate may show: what the reader is told to look for. */
export const PLATE_ALPHABET = `${ALL_LETTERS}0123456789`;
