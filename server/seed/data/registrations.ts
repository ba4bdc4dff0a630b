/**
 * UK registrations: the fixed demo cars (always seeded, used by tests and docs/demo-data.md) and a
 * generator of plausible current-format marks for generated vehicles.
 *
 * Current format (since September 2001): two-letter memory tag (region letter + DVLA office letter),
 * two-digit age identifier (March–August: year % 100; September–February: year % 100 + 50), then three
 * random letters. Earlier cars get the prefix format (year letter, 1–3 digits, three letters).
 */
import * as z from 'zod';
import { registrationKey } from '../../../src/domain/validation';
import { readReferenceData } from './load';
import { BODY_STYLES, FUELS, type BodyStyle } from './vehicles';
import type { Rng } from './rng';
import { chars, int, pick } from './rng';

/**
 * registrations.json: the demo cars, a registration no lookup knows, and the DVLA memory tags
 * (each region's offices and the second letters they issue, from–to inclusive).
 */
const registrationsFile = z.object({
  demo: z.array(
    z.object({
      vrn: z.string().regex(/^[A-Z0-9]{2,8}$/, 'upper case, no spaces'),
      display: z.string().min(2),
      make: z.string().min(1),
      model: z.string().min(1).nullable(),
      generation: z.string().min(1).nullable(),
      year: z.int().min(1950),
      style: z.enum(BODY_STYLES).nullable(),
      transmission: z.enum(['Manual', 'Automatic']).nullable(),
      gears: z.int().positive().nullable(),
      engineCode: z.string().min(1).nullable(),
      fuel: z.enum(FUELS),
      colour: z.string().min(1),
    }),
  ),
  unknown: z.string().regex(/^[A-Z0-9]{2,8}$/, 'upper case, no spaces'),
  memoryTags: z.array(z.object({ region: z.string().min(1), office: z.string().min(1), from: z.string().regex(/^[A-Z]{2}$/), to: z.string().regex(/^[A-Z]{2}$/) })),
});
const FILE = readReferenceData('registrations.json', registrationsFile);

export interface DemoRegistration {
  /** Normalised: upper case, no spaces. */
  readonly vrn: string;
  /** As printed on the plate: 'AB12 CDE'. */
  readonly display: string;
  readonly make: string;
  /** null when the lookup (like the DVLA's) gives the make but not the model. */
  readonly model: string | null;
  readonly generation: string | null;
  readonly year: number;
  readonly style: BodyStyle | null;
  readonly transmission: 'Manual' | 'Automatic' | null;
  readonly gears: number | null;
  readonly engineCode: string | null;
  readonly fuel: 'Petrol' | 'Diesel' | 'Hybrid' | 'Electric';
  readonly colour: string;
}

export const DEMO_REGISTRATIONS: readonly DemoRegistration[] = FILE.demo;

/** A well-formed registration that no lookup knows (search answers code 502). */
export const UNKNOWN_DEMO_VRN: string = FILE.unknown;

export function findDemoRegistration(vrn: string): DemoRegistration | undefined {
  const key = registrationKey(vrn);
  return DEMO_REGISTRATIONS.find((entry) => entry.vrn === key);
}

/** 'AB12CDE' → 'AB12 CDE' (current format); other marks are returned normalised. */
export function formatRegistration(vrn: string): string {
  const key = registrationKey(vrn);
  if (CURRENT_FORMAT.test(key)) return `${key.slice(0, 4)} ${key.slice(4)}`;
  const prefix = /^([A-Z]\d{1,3})([A-Z]{3})$/.exec(key);
  if (prefix?.[1] !== undefined && prefix[2] !== undefined) return `${prefix[1]} ${prefix[2]}`;
  return key;
}

// -------------------------------------------------------------------------------------------------
// DVLA memory tags: region letter + local office letter ranges (current format).
// -------------------------------------------------------------------------------------------------

interface TagRange {
  readonly region: string;
  readonly office: string;
  /** Inclusive range of second letters. */
  readonly from: string;
  readonly to: string;
}

const TAG_RANGES: readonly TagRange[] = FILE.memoryTags;

/** Letters never used as the second letter of a memory tag, nor in the random part of generated marks. */
const EXCLUDED = new Set(['I', 'Q', 'Z']);
const RANDOM_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';

export interface MemoryTag {
  readonly tag: string;
  readonly region: string;
  readonly office: string;
}

export const DVLA_MEMORY_TAGS: readonly MemoryTag[] = TAG_RANGES.flatMap((range) => {
  const tags: MemoryTag[] = [];
  const first = range.from.charAt(0);
  for (let code = range.from.charCodeAt(1); code <= range.to.charCodeAt(1); code += 1) {
    const second = String.fromCharCode(code);
    if (!EXCLUDED.has(second)) tags.push({ tag: first + second, region: range.region, office: range.office });
  }
  return tags;
});

/** Current format, normalised: memory tag, age identifier (02–99 except 00/01/50), three letters. */
export const CURRENT_FORMAT = /^[A-HJ-PR-Y][A-HJ-PR-Y](0[2-9]|[1-4]\d|5[1-9]|[6-9]\d)[A-Z]{3}$/;

/**
 * The age identifier for a first registration in a given month (1–12): March–August use the year,
 * September–February the year + 50 (so January 2013 is still '62'). Null before September 2001.
 */
export function ageIdentifier(year: number, month: number): string | null {
  if (month < 1 || month > 12 || !Number.isInteger(month)) throw new Error(`registrations: bad month ${month}`);
  if (year < 2001 || (year === 2001 && month < 9)) return null;
  let value: number;
  if (month >= 3 && month <= 8) value = year % 100;
  else if (month >= 9) value = (year % 100) + 50;
  else value = ((year - 1) % 100) + 50;
  return String(value).padStart(2, '0');
}

/** The prefix-era year letter (August 1983 – August 2001). */
function prefixLetter(year: number, month: number): string {
  const halfYear: readonly (readonly [year: number, month: number, letter: string])[] = [
    [2001, 3, 'Y'],
    [2000, 9, 'X'],
    [2000, 3, 'W'],
    [1999, 9, 'V'],
    [1999, 3, 'T'],
    [1998, 8, 'S'],
  ];
  for (const [fromYear, fromMonth, letter] of halfYear) {
    if (year > fromYear || (year === fromYear && month >= fromMonth)) return letter;
  }
  const annual = 'ABCDEFGHJKLMNPR'; // August 1983 (A) to August 1997 (R)
  const index = (month >= 8 ? year : year - 1) - 1983;
  return annual.charAt(Math.max(0, Math.min(annual.length - 1, index)));
}

const DEMO_VRNS = new Set([...DEMO_REGISTRATIONS.map((entry) => entry.vrn), UNKNOWN_DEMO_VRN]);

/**
 * A plausible registration (normalised, no space) for a car first registered in the given year and
 * month (1–12). Never one of the demo marks.
 */
export function ukRegistration(year: number, month: number, rng: Rng): string {
  for (;;) {
    const age = ageIdentifier(year, month);
    const mark =
      age === null
        ? `${prefixLetter(year, month)}${int(rng, 1, 999)}${chars(rng, RANDOM_LETTERS, 3)}`
        : `${pick(rng, DVLA_MEMORY_TAGS).tag}${age}${chars(rng, RANDOM_LETTERS, 3)}`;
    if (!DEMO_VRNS.has(mark)) return mark;
  }
}

/** The memory tag's DVLA office and region, for a current-format mark. */
export function registrationOffice(vrn: string): MemoryTag | undefined {
  const tag = registrationKey(vrn).slice(0, 2);
  return DVLA_MEMORY_TAGS.find((entry) => entry.tag === tag);
}
