/**
 * The embedded vehicle registry: the demo registrations plus generated ones (one per 50 parts, at
 * least 3,000), drawn from the same yard mix as the donors so a looked-up car usually has parts.
 */
import type { registrations } from '../../db/schema';
import { UNKNOWN_DEMO_VRN, ukRegistration } from '../data/registrations';
import { createRng, int } from '../data/rng';
import { registryTransmission } from '../data/vehicles';
import { demoRegistrationRows } from './demo';
import { pickVehicle } from './donors';

export type RegistrationRow = typeof registrations.$inferInsert;

const PARTS_PER_REGISTRATION = 50;
const MIN_GENERATED_REGISTRATIONS = 3_000;

export function generatedRegistrationCount(parts: number): number {
  return Math.max(MIN_GENERATED_REGISTRATIONS, Math.round(parts / PARTS_PER_REGISTRATION));
}

/** Demo rows first, then generated ones; ZZ99 ZZZ is never among them (the unknown demo mark). */
export function registrationRows(seed: number, parts: number): RegistrationRow[] {
  const rows = demoRegistrationRows();
  const taken = new Set([...rows.map((row) => row.vrn), UNKNOWN_DEMO_VRN]);
  const wanted = rows.length + generatedRegistrationCount(parts);
  const rng = createRng(`${seed}:registrations`);
  while (rows.length < wanted) {
    const vehicle = pickVehicle(rng);
    const vrn = ukRegistration(vehicle.year, int(rng, 1, 12), rng);
    if (taken.has(vrn)) continue;
    taken.add(vrn);
    rows.push({
      vrn,
      makeId: vehicle.make.id,
      modelId: vehicle.model.id,
      year: vehicle.year,
      style: vehicle.bodyStyle,
      transmission: registryTransmission(vehicle.transmission.type),
      gears: vehicle.transmission.gears,
      engineCode: vehicle.engine.code,
      imageUrl: '',
    });
  }
  return rows;
}
