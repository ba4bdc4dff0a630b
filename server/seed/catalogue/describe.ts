/**
 * The words of a part listing, as a UK breaker writes them: the feed's PartName, a description in
 * mechanic's English built from the donor car, side, colour, grade and test, the AdditionalInfo
 * rows of SPEC §3 and, for some parts, a note on how sure the match is.
 */
import { lowerPartType } from '../data/content';
import type { Grade } from '../data/part-pricing';
import type { Rng } from '../data/rng';
import { pick } from '../data/rng';
import { modelLabel } from '../data/vehicles';
import type { Donor } from './donors';
import type { YearRange } from './fitments';
import type { PartTypeProfile } from './part-type-mix';

const miles = new Intl.NumberFormat('en-GB');

/**
 * The feed names a part by its type's ExternalName; the second feed wraps names in square brackets
 * and the first does not, so some parts arrive the other way round (SPEC §3 PartName).
 */
export function partNameOf(type: PartTypeProfile, rng: Rng): string {
  if (rng() >= 0.15) return type.externalName;
  const bare = type.externalName.replace(/^\[|\]$/g, '');
  return bare === type.externalName ? `[${bare}]` : bare;
}

/** UK breakers say nearside (passenger, left) and offside (driver, right). */
const SIDE_WORDS: Readonly<Record<string, string>> = {
  Left: 'Passenger side (N/S, left).',
  Right: 'Driver side (O/S, right).',
  Front: 'Front.',
  Rear: 'Rear.',
  'Front Left': 'Front passenger side (N/S/F).',
  'Front Right': 'Front driver side (O/S/F).',
  'Rear Left': 'Rear passenger side (N/S/R).',
  'Rear Right': 'Rear driver side (O/S/R).',
};

const CHECKS: Readonly<Record<PartTypeProfile['material'], readonly string[]>> = {
  electrical: [
    'Tested on our bench before listing and working as it should.',
    'Tested on the car before removal.',
    'Bench tested, no noise from the bearings.',
  ],
  electronic: [
    'Read with our diagnostic kit before removal, no stored faults.',
    'Removed with care from a running car; may need coding to your vehicle.',
    'Plugs and pins clean and undamaged.',
  ],
  mechanical: [
    'Removed from a running car and checked for play, leaks and damage.',
    'Turns freely with no play or leaks.',
    'Cleaned and inspected before listing.',
  ],
  body: [
    'Panel is straight; please allow for paint matching.',
    'Checked for dents and corrosion before listing.',
    'Comes bare unless pictured.',
  ],
  plastic: ['All mounting tabs present unless stated.', 'Clips and brackets checked before listing.', 'Cleaned and ready to fit.'],
  glass: ['No chips or cracks.', 'Glass is clear with no chips or delamination.'],
  trim: ['Clean, with no rips or burns.', 'Valeted before listing.'],
  wheel: ['Checked for buckles and cracks.', 'Runs true on our balancer.'],
  rubber: ['Tread and sidewalls checked; no cuts or bulges.'],
};

const GRADE_WORDS: Readonly<Record<Grade, string>> = {
  A: 'Grade A: excellent condition with little or no sign of use.',
  B: 'Grade B: good working condition with light marks from normal use.',
  C: 'Grade C: usable, with visible wear; see photos.',
};

const CLOSINGS = [
  'Please check the part number against your original before ordering.',
  'Comes with our free 30-day warranty, extendable at checkout.',
  'Ships next working day when ordered before 15:00.',
  'Collection from our yard welcome.',
];

export interface ListingFacts {
  readonly type: PartTypeProfile;
  readonly donor: Donor;
  readonly grade: Grade;
  readonly side: string | null;
  readonly oem: string;
  /** A condition note for grades B and C ('Light scratches'), or null. */
  readonly condition: string | null;
}

/** 'Used alternator from a 2012 Ford Focus Mk3 1.6 TDCi (T1DA), 78,214 miles. Tested on our bench…' */
export function describePart(facts: ListingFacts, rng: Rng): string {
  const { type, donor, grade, side, oem, condition } = facts;
  const part = lowerPartType(type.name);
  const car = `${donor.year} ${donor.make.name} ${modelLabel(donor.model)} ${donor.engine.name} (${donor.engine.code})`;
  const mileage = miles.format(donor.mileage);
  const opening = pick(rng, [
    `Used ${part} from a ${car}, ${mileage} miles.`,
    `Genuine ${donor.make.name} ${part} removed from a ${car} with ${mileage} miles on the clock.`,
    `${part.charAt(0).toUpperCase()}${part.slice(1)} taken off a ${car}, ${mileage} recorded miles.`,
  ]);
  const sentences = [opening];
  if (side !== null) sentences.push(SIDE_WORDS[side] ?? `${side}.`);
  if (type.attributes.includes('colour')) sentences.push(`Colour: ${donor.paint}.`);
  sentences.push(pick(rng, CHECKS[type.material]));
  sentences.push(condition === null ? GRADE_WORDS[grade] : `${GRADE_WORDS[grade]} ${condition}.`);
  sentences.push(`Part number ${oem}.`, pick(rng, CLOSINGS));
  return sentences.join(' ');
}

/** SPEC §3 AdditionalInfo: what it fits, make, model, OEM. */
export function additionalInfoOf(
  donor: Donor,
  years: YearRange,
  engineCode: string | null,
  oem: string,
): { Title: string; Value: string }[] {
  const span = years.yearFrom === years.yearTo ? `${years.yearFrom}` : `${years.yearFrom}–${years.yearTo}`;
  const fits = `${donor.make.name} ${modelLabel(donor.model)} ${span}${engineCode === null ? '' : `, ${donor.engine.name} (${engineCode})`}`;
  return [
    { Title: 'Fits', Value: fits },
    { Title: 'Make', Value: donor.make.name },
    { Title: 'Model', Value: donor.model.name },
    { Title: 'OEM', Value: oem },
  ];
}

/** SPEC §3 LikelyMatchNote: why a match may need checking, for parts where it often does. */
export function likelyMatchNoteOf(facts: ListingFacts, rng: Rng): string {
  const { type, donor } = facts;
  if (type.engineDependent) {
    return pick(rng, [
      `Fits ${donor.engine.name} (${donor.engine.code}) engines only; please check your engine code.`,
      `Taken from a ${donor.transmission.label.toLowerCase()} car; please check the part number matches your original.`,
    ]);
  }
  return pick(rng, [
    `Fits ${donor.model.name} models from ${donor.year} on; facelift models may differ.`,
    'Trim levels with parking sensors or heated options use a different part; please compare connectors.',
  ]);
}
