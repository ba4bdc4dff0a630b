/**
 * What the browser remembers about the searched vehicle (SPEC §4):
 * - localStorage 'vrn': the last registration searched, cleaned (no spaces, upper case, at most
 *   10 characters); the registration search starts from it on the next visit.
 * - sessionStorage 'car': the car the lookup found for it; 'compatibilityLevel': the first
 *   result's compatibility level, shown on every result of a part type with a compatibility check.
 * Saving an empty registration, or one other than the saved one, forgets the car and the level:
 * they belonged to another vehicle.
 */
import type { SearchCar } from '../../contract/catalogue';
import { cleanVrn } from '../../domain/vehicle-numbers';
import { readStored, removeStored, writeStored } from '../storage';

const VRN_KEY = 'vrn';
const CAR_KEY = 'car';
/** Read and written by compatibility-level.ts. */
export const LEVEL_KEY = 'compatibilityLevel';

export function savedVrn(): string {
  return cleanVrn(readStored('local', VRN_KEY) ?? '');
}

/** Saves a registration as typed; returns it cleaned. */
export function saveVrn(typed: string): string {
  const cleaned = cleanVrn(typed);
  const previous = readStored('local', VRN_KEY);
  if (cleaned === '') removeStored('local', VRN_KEY);
  else writeStored('local', VRN_KEY, cleaned);
  if (cleaned === '' || cleaned !== previous) {
    removeStored('session', CAR_KEY);
    removeStored('session', LEVEL_KEY);
  }
  return cleaned;
}

/** SPEC §8, code 502: the registration is unknown, so the vehicle is removed altogether. */
export function forgetVehicle(): void {
  removeStored('local', VRN_KEY);
  removeStored('session', CAR_KEY);
  removeStored('session', LEVEL_KEY);
}

export function saveCar(car: SearchCar): void {
  writeStored('session', CAR_KEY, JSON.stringify(car));
}
