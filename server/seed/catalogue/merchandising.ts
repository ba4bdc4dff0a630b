/**
 * What listings filter and badge parts by: the attribute values each part type carries (side,
 * colour, fuel…, consistent with its description) and the badges that mark about 15 % of parts
 * (Featured on 2 %, Clearance on half the discounted ones, another badge that is true of the part
 * on 11 %).
 */
import type { TransmissionType } from '../data/vehicles';
import type { AttributeKey, Grade } from '../data/part-pricing';
import { ATTRIBUTE_GROUPS, BADGES, FEATURED_BADGE_ID } from '../data/content';
import type { Rng } from '../data/rng';
import { int, pick } from '../data/rng';
import { CATALOGUE_DATE, daysBetween } from './dates';
import type { Donor } from './donors';
import type { PartTypeProfile } from './part-type-mix';

const VALUE_IDS = new Map<string, number>();
for (const group of ATTRIBUTE_GROUPS) {
  for (const value of group.product_attribute_values) VALUE_IDS.set(`${group.key}:${value.name}`, value.id);
}

function valueId(key: AttributeKey, name: string): number {
  const id = VALUE_IDS.get(`${key}:${name}`);
  if (id === undefined) throw new Error(`seed: no '${name}' value in the ${key} attribute group`);
  return id;
}

const TRANSMISSION_VALUES: Readonly<Record<TransmissionType, string>> = {
  Manual: 'Manual',
  Automatic: 'Automatic',
  DSG: 'DSG / Dual-clutch',
  DCT: 'DSG / Dual-clutch',
  CVT: 'CVT',
  'Semi-automatic': 'Semi-automatic',
};

const WEAR_NOTES: Readonly<Record<Grade, readonly string[]>> = {
  A: [],
  B: ['Light scratches', 'Minor scuffs', 'Stone chips'],
  C: ['Small dent', 'Broken mounting tab', 'Needs refurbishment', 'Sold as seen'],
};

/** The wear a grade B or C part shows (a cracked lens only on lights); null for grade A. */
export function conditionOf(type: PartTypeProfile, grade: Grade, rng: Rng): string | null {
  const notes = WEAR_NOTES[grade];
  if (notes.length === 0) return null;
  if (grade === 'C' && (type.key === 'headlight' || type.key === 'rear_light') && rng() < 0.4) return 'Cracked lens';
  return pick(rng, notes);
}

/** The side of a part: its name says it, or (engine mounts, speakers…) it is one or the other. */
export function sideOf(type: PartTypeProfile, rng: Rng): string | null {
  if (type.side !== null) return type.side;
  return type.attributes.includes('side') ? pick(rng, ['Left', 'Right']) : null;
}

function headlightType(donor: Donor, rng: Rng): string {
  if (donor.year < 2006) return 'Halogen';
  const roll = rng();
  if (donor.year < 2013) return roll < 0.7 ? 'Halogen' : 'Xenon';
  if (donor.year < 2018) return roll < 0.45 ? 'Halogen' : roll < 0.75 ? 'Xenon' : 'LED';
  return roll < 0.3 ? 'Halogen' : roll < 0.85 ? 'LED' : 'Matrix LED';
}

function wheelSize(donor: Donor, rng: Rng): string {
  const smallest = donor.year < 2008 ? 14 : 15;
  return `${int(rng, smallest, smallest + 3 + (donor.year >= 2015 ? 2 : 0))}"`;
}

function mileageBand(mileage: number): string {
  if (mileage < 30_000) return 'Under 30,000 miles';
  if (mileage < 60_000) return '30,000–60,000 miles';
  if (mileage <= 100_000) return '60,000–100,000 miles';
  return 'Over 100,000 miles';
}

export interface AttributeFacts {
  readonly type: PartTypeProfile;
  readonly donor: Donor;
  readonly side: string | null;
  readonly condition: string | null;
}

/** The attribute value ids of a part, one per attribute its type carries. */
export function attributeValueIdsOf(facts: AttributeFacts, rng: Rng): number[] {
  const { type, donor, side, condition } = facts;
  const ids: number[] = [];
  for (const key of type.attributes) {
    switch (key) {
      case 'side':
        if (side !== null) ids.push(valueId(key, side));
        break;
      case 'colour':
        ids.push(valueId(key, donor.colour));
        break;
      case 'fuel':
        ids.push(valueId(key, donor.engine.fuel));
        break;
      case 'transmission':
        ids.push(valueId(key, TRANSMISSION_VALUES[donor.transmission.type]));
        break;
      case 'condition':
        ids.push(valueId(key, condition ?? 'Tested and working'));
        break;
      case 'headlight_type':
        ids.push(valueId(key, headlightType(donor, rng)));
        break;
      case 'wheel_size':
        ids.push(valueId(key, wheelSize(donor, rng)));
        break;
      case 'mileage':
        ids.push(valueId(key, mileageBand(donor.mileage)));
        break;
    }
  }
  return ids;
}

const badgeId = (slug: string): number => {
  const badge = BADGES.find((entry) => entry.slug === slug);
  if (badge === undefined) throw new Error(`seed: no '${slug}' badge`);
  return badge.id;
};
const BADGE = {
  nextDay: badgeId('next-day-delivery'),
  tested: badgeId('tested'),
  lowMileage: badgeId('low-mileage'),
  genuine: badgeId('genuine-oem'),
  clearance: badgeId('clearance'),
  newIn: badgeId('new-in'),
};

export interface BadgeFacts {
  readonly type: PartTypeProfile;
  readonly donor: Donor;
  readonly available: boolean;
  readonly discounted: boolean;
  readonly createdAt: Date;
}

/** The badges of a part: each one true of it (a Tested badge only on parts that can be tested). */
export function badgeIdsOf(facts: BadgeFacts, rng: Rng): number[] {
  const ids: number[] = [];
  if (rng() < 0.02) ids.push(FEATURED_BADGE_ID);
  if (facts.discounted && rng() < 0.5) ids.push(BADGE.clearance);
  if (rng() >= 0.11) return ids;
  const earned: number[] = [BADGE.genuine];
  if (facts.available && facts.type.packageType === 'REGULAR_PARCELS') earned.push(BADGE.nextDay);
  if (['electrical', 'electronic', 'mechanical'].includes(facts.type.material)) earned.push(BADGE.tested);
  if (facts.donor.mileage < 40_000) earned.push(BADGE.lowMileage);
  if (daysBetween(facts.createdAt, CATALOGUE_DATE) <= 7) earned.push(BADGE.newIn);
  const chosen = pick(rng, earned);
  if (!ids.includes(chosen)) ids.push(chosen);
  return ids;
}
