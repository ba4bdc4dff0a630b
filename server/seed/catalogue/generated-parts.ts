/**
 * The generated stock: donor cars from the yard mix, each giving a handful of parts of the types
 * that sell (no two of one type from the same car). Parts come one at a time from a single
 * seeded stream, so a catalogue is the same whatever size the caller's batches are.
 */
import type { PartStatusValue } from '../../db/schema';
import { pickGrade } from '../data/grades';
import { oemNumber } from '../data/oem-styles';
import type { Rng } from '../data/rng';
import { createRng, int } from '../data/rng';
import { listedAt } from './dates';
import type { Donor } from './donors';
import { donorOf, pickVehicle } from './donors';
import { identifiers } from './identifiers';
import type { PartBundle } from './listing';
import { listPart } from './listing';
import type { PartTypeMix, PartTypeProfile } from './part-type-mix';
import { weightedList } from './weighted';

const STATUS_MIX = weightedList<PartStatusValue>([
  ['available', 85],
  ['sold', 8],
  ['coming_soon', 4],
  ['reserved', 3],
]);

/** Parts a yard lists from one car: a few to a couple of dozen. */
const MAX_PARTS_PER_DONOR = 24;

/**
 * Parts of one type from one kind of car share their OEM number, with a second or third number
 * for running changes: so a part-number search finds several parts, as it does at a breaker.
 */
function oemOf(seed: number, donor: Donor, type: PartTypeProfile, rng: Rng): string {
  const variant = rng() < 0.7 ? 0 : int(rng, 1, 2);
  const engine = type.engineDependent ? donor.engine.code : '';
  const numbering = createRng(`${seed}:oem:${donor.model.id}:${engine}:${type.id}:${variant}`);
  return oemNumber(donor.make, type.name, numbering, donor.model.yearFrom);
}

export interface GeneratedPartsOptions {
  readonly seed: number;
  readonly count: number;
  /** The id of the first generated part (the demo parts come before). */
  readonly firstId: number;
  readonly mix: PartTypeMix;
}

export function* generateParts({ seed, count, firstId, mix }: GeneratedPartsOptions): Generator<PartBundle> {
  const rng = createRng(`${seed}:parts`);
  const ids = identifiers(seed);
  let donor: Donor | undefined;
  let partsLeft = 0;
  let donors = 0;
  const taken = new Set<number>();
  for (let index = 0; index < count; index += 1) {
    if (donor === undefined || partsLeft === 0) {
      donor = donorOf(pickVehicle(rng), rng, ids.stockNumber(donors));
      donors += 1;
      partsLeft = int(rng, 1, MAX_PARTS_PER_DONOR);
      taken.clear();
    }
    partsLeft -= 1;
    const types = mix.forVehicle(donor);
    let type = types.pick(rng);
    // A car has one alternator: draw again (a few times at most) rather than list a second.
    for (let attempt = 0; attempt < 4 && taken.has(type.id); attempt += 1) type = types.pick(rng);
    taken.add(type.id);
    const status = STATUS_MIX.pick(rng);
    yield listPart(
      {
        id: firstId + index,
        tag: ids.tag(index),
        type,
        donor,
        status,
        grade: pickGrade(rng, type.key),
        oem: oemOf(seed, donor, type, rng),
        createdAt: listedAt(rng),
        engineChecked: type.engineDependent,
      },
      rng,
    );
  }
}
