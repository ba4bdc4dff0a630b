/**
 * SPEC §4: the compatibility level stored for the searched vehicle (sessionStorage
 * 'compatibilityLevel', forgotten with the vehicle by saved-vehicle.ts).
 */
import type { CompatibilityLevel } from '../../contract/catalogue';
import { compatibility } from '../../domain/compatibility';
import { readStored, writeStored } from '../../shared/storage';
import { LEVEL_KEY } from './saved-vehicle';

/**
 * SPEC §4: the level every result shows when the part type has a compatibility check: the one
 * stored for this vehicle, else the first result's, which is then stored.
 */
export function sharedCompatibilityLevel(firstResultLevel: CompatibilityLevel | undefined): CompatibilityLevel | undefined {
  const stored = readStored('session', LEVEL_KEY);
  if (stored !== null) {
    const level = compatibility(stored).level;
    if (String(level) === stored.trim()) return level;
  }
  if (firstResultLevel === undefined) return undefined;
  writeStored('session', LEVEL_KEY, String(firstResultLevel));
  return firstResultLevel;
}
