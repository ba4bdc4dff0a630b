/**
 * The garage's fit badge (issue 17): how a part fits the member's current vehicle, in SPEC §4's
 * compatibility levels, said with the vehicle's name ('Fits your 2012 Ford Focus').
 */
import { compatibility, type CompatibilityClass } from './compatibility';
import { type MessageKey, t } from './messages';
import './messages-more';

export interface GarageVehicleName {
  make: string;
  model: string | null;
  year: number | null;
}

/** '2012 Ford Focus': year, make and model as far as they are known. */
export function vehicleName({ make, model, year }: GarageVehicleName): string {
  return [year === null ? '' : String(year), make.trim(), (model ?? '').trim()].filter(Boolean).join(' ');
}

export interface GarageFit {
  className: CompatibilityClass;
  labelKey: MessageKey;
}

const FIT_KEYS: Record<CompatibilityClass, MessageKey> = {
  // SPEC §4 level 1 (exact).
  exact: 'garage.fit_exact',
  // Levels 2 (likely) and 3 (optional): the part may fit; the member checks the details.
  likely: 'garage.fit_likely',
  optional: 'garage.fit_optional',
  // Level 0 (unknown): the catalogue has no fitment of this part for the vehicle, so the garage
  // says it does not fit (the server answers 0 only for a vehicle it knows, see levelsFor).
  unknown: 'garage.fit_none',
};

/**
 * The badge for a SPEC §4 level, or null for level 100 (unsure: no vehicle to compare with) and
 * anything that is not a level, so a badge never claims a fit the shop cannot back.
 */
export function garageFit(level: number | null | undefined): GarageFit | null {
  const fit = compatibility(level);
  if (!fit.showsBadge) return null;
  return { className: fit.className, labelKey: FIT_KEYS[fit.className] };
}

export interface BoughtForVehicle extends GarageVehicleName {
  vrn: string | null;
  CompatabilityLevel: number;
}

/**
 * An order line's vehicle snapshot as the order and the return form say it: the vehicle the part
 * was bought for ('your 2012 Ford Focus (AB12CDE)') and the fit the shop showed then, or null for
 * a level that showed no badge.
 */
export function boughtFor(vehicle: BoughtForVehicle): { vehicle: string; fitShown: string | null } {
  const fit = garageFit(vehicle.CompatabilityLevel);
  const name = vehicleName(vehicle);
  return {
    vehicle: `your ${name}${vehicle.vrn ? ` (${vehicle.vrn})` : ''}`,
    fitShown: fit ? t(fit.labelKey, { vehicle: name }) : null,
  };
}
