/**
 * One part with everything that hangs off it: the parts row, its photos, fitments, badges,
 * attribute values, price history and reviews. Demo and generated parts are both built here, so
 * they look alike; the caller decides Tag, donor, type, status, grade and OEM.
 */
import type { PartStatusValue, partAttributeValues, partBadges, partImages, parts, priceHistory } from '../../db/schema';
import type { Grade } from '../data/part-pricing';
import { co2SavedFor } from '../data/part-pricing';
import type { Rng } from '../data/rng';
import { partNumberKey } from '../../../src/domain/validation';
import { CATALOGUE_DATE, between } from './dates';
import { additionalInfoOf, describePart, likelyMatchNoteOf, partNameOf } from './describe';
import type { Donor } from './donors';
import type { FitmentRow } from './fitments';
import { fitmentsOf, yearsAround } from './fitments';
import { attributeValueIdsOf, badgeIdsOf, conditionOf, sideOf } from './merchandising';
import type { PartTypeProfile } from './part-type-mix';
import type { PricedPart } from './prices';
import { priceOf } from './prices';
import type { ReviewRow } from './reviews';
import { reviewsOf } from './reviews';

type PartRow = typeof parts.$inferInsert;

export interface PartBundle {
  readonly part: PartRow;
  readonly images: (typeof partImages.$inferInsert)[];
  readonly fitments: FitmentRow[];
  readonly badges: (typeof partBadges.$inferInsert)[];
  readonly attributeValues: (typeof partAttributeValues.$inferInsert)[];
  readonly priceHistory: (typeof priceHistory.$inferInsert)[];
  readonly reviews: ReviewRow[];
}

export interface PartSpec {
  readonly id: number;
  readonly tag: string;
  readonly type: PartTypeProfile;
  readonly donor: Donor;
  readonly status: PartStatusValue;
  readonly grade: Grade;
  readonly oem: string;
  readonly createdAt: Date;
  /** Fixed prices (the demo parts'); otherwise drawn for the type, grade and make. */
  readonly prices?: PricedPart;
  /** Whether the fit was checked against the donor's engine: its fitment names the engine code (level 1). */
  readonly engineChecked: boolean;
}

const LIKELY_MATCH_NOTE_SHARE = 0.1;

/** Up to 4 photos: most parts have 2 or 3. */
function photoCount(rng: Rng): number {
  const roll = rng();
  return roll < 0.15 ? 1 : roll < 0.45 ? 2 : roll < 0.75 ? 3 : 4;
}

/**
 * A distinct drawing seed for each photo: (4·part id + position) through an odd multiplier, which
 * is a bijection on 31 bits, so no two photos are drawn alike.
 */
function drawingSeed(partId: number, position: number): number {
  return Math.imul(partId * 4 + position, 0x9e3779b1) & 0x7fffffff;
}

export function listPart(spec: PartSpec, rng: Rng): PartBundle {
  const { id, tag, type, donor, status, grade, oem } = spec;
  const available = status === 'available';
  const side = sideOf(type, rng);
  const condition = conditionOf(type, grade, rng);
  const facts = { type, donor, grade, side, oem, condition };
  const prices = spec.prices ?? priceOf({ typeKey: type.key, makeName: donor.make.name, grade, available, createdAt: spec.createdAt }, rng);
  const { createdAt } = prices;
  const engineCode = spec.engineChecked ? donor.engine.code : null;
  const years = yearsAround(donor.model, donor.year);
  if (years === null) throw new Error(`seed: part ${tag} comes from a year its model was not made`);

  const part: PartRow = {
    id,
    tag,
    stockNumber: donor.stockNumber,
    partTypeId: type.id,
    categoryId: type.categoryId,
    makeId: donor.make.id,
    modelId: donor.model.id,
    year: donor.year,
    engineCode: donor.engine.code,
    partName: partNameOf(type, rng),
    description: describePart(facts, rng),
    oem,
    oemNormalised: partNumberKey(oem),
    grade,
    priceNet: prices.priceNet,
    priceOldNet: prices.priceOldNet,
    rrpNet: prices.rrpNet,
    stockQuantity: available ? 1 : 0,
    status,
    additionalInfo: additionalInfoOf(donor, years, engineCode, oem),
    co2SavedKg: co2SavedFor(type.key, rng),
    likelyMatchNote: rng() < LIKELY_MATCH_NOTE_SHARE ? likelyMatchNoteOf(facts, rng) : '',
    createdAt,
    // Sold and reserved parts changed status after listing; the others are as listed.
    updatedAt: status === 'sold' || status === 'reserved' ? between(rng, createdAt, CATALOGUE_DATE) : createdAt,
  };

  const images = Array.from({ length: photoCount(rng) }, (_, position) => ({
    partId: id,
    position,
    drawingSeed: drawingSeed(id, position),
    alt: `${type.name}, ${donor.year} ${donor.make.name} ${donor.model.name}, photo ${position + 1}`,
  }));
  const badges = badgeIdsOf({ type, donor, available, discounted: prices.priceOldNet !== null, createdAt }, rng).map((badgeId) => ({
    partId: id,
    badgeId,
  }));
  const attributeValues = attributeValueIdsOf({ type, donor, side, condition }, rng).map((valueId) => ({ partId: id, valueId }));
  return {
    part,
    images,
    fitments: fitmentsOf({
      partId: id,
      partTypeId: type.id,
      model: donor.model,
      year: donor.year,
      engineCode,
      sharedByPlatform: type.engineDependent,
    }),
    badges,
    attributeValues,
    priceHistory: prices.history.map((entry) => ({
      partId: id,
      vehicleProductId: null,
      priceNet: entry.priceNet,
      validFrom: entry.validFrom,
    })),
    reviews: reviewsOf({ partId: id, typeKey: type.key, listedAt: createdAt }, rng),
  };
}
