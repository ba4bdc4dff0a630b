/**
 * Which part types a yard takes off which car, and how often. Alternators, starters, lights,
 * mirrors, doors, ECUs and gearboxes sell most; a diesel has no ignition coils, an electric car no
 * exhaust, a saloon no tailgate. Also which part types depend on the engine: their fitments name
 * an engine code.
 */
import type { PackageType } from '../../db/schema';
import { categoryOfPartType } from '../data/content';
import type { AttributeKey, PartMaterial } from '../data/part-pricing';
import { partTypeKey, partTypeQualifier, pricingFor } from '../data/part-pricing';
import type { Vehicle } from './donors';
import type { WeightedList } from './weighted';
import { weightedList } from './weighted';

/** A part_types row as the database holds it. */
export interface PartTypeRow {
  readonly id: number;
  readonly name: string;
  readonly externalName: string;
  readonly compatibilityFlag: boolean;
  readonly packageType: PackageType;
}

export interface PartTypeProfile extends PartTypeRow {
  /** The pricing key of part-pricing.ts ('Headlight (Left)' → 'headlight'). */
  readonly key: string;
  /** The subcategory a listing shows it in. */
  readonly categoryId: number;
  readonly material: PartMaterial;
  readonly attributes: readonly AttributeKey[];
  /** Whether it fits by engine code (its fitments name one) rather than by model and year alone. */
  readonly engineDependent: boolean;
  /** 'Left', 'Front Right'… when the name says which side. */
  readonly side: string | null;
}

/** Relative sales of the part types that sell most; the rest weigh 1. */
const SALES_WEIGHTS: Readonly<Record<string, number>> = {
  alternator: 6,
  starter_motor: 5,
  headlight: 5,
  door_mirror: 5,
  door: 4,
  ecu: 4,
  gearbox: 4,
  front_bumper: 4,
  rear_light: 4,
  engine: 3,
  automatic_gearbox: 3,
  rear_bumper: 3,
  bonnet: 3,
  tailgate: 3,
  wing: 3,
  turbocharger: 3,
  fuel_injector: 3,
  window_regulator: 3,
  air_conditioning_compressor: 3,
  abs_pump: 3,
  instrument_cluster: 3,
  boot_lid: 2,
  radio_cd_player: 2,
  steering_rack: 2,
  power_steering_pump: 2,
  radiator: 2,
  radiator_fan: 2,
  egr_valve: 2,
  throttle_body: 2,
  air_flow_meter: 2,
  ignition_coil: 2,
  brake_caliper: 2,
  driveshaft: 2,
  front_seat: 2,
  seat_set: 2,
  alloy_wheel: 2,
  alloy_wheels: 2,
  steering_wheel_airbag: 2,
  heater_blower_motor: 2,
  wiper_motor: 2,
  door_lock_mechanism: 2,
  fog_light: 2,
  body_control_module: 2,
  fuse_box: 2,
  diesel_particulate_filter: 2,
  high_pressure_fuel_pump: 2,
  catalytic_converter: 2,
};

/** Category slugs whose parts fit by engine: a Focus 1.0 EcoBoost alternator is not a 1.6 TDCi one. */
const ENGINE_CATEGORIES = new Set(['engine', 'fuel-system', 'exhaust', 'transmission']);
const ENGINE_SUBCATEGORIES = new Set([
  'radiators-and-fans',
  'air-conditioning',
  'charging-and-starting',
  'ecus-and-control-modules',
  'engine-management',
]);

/** What only a car with a combustion engine has. */
const COMBUSTION_CATEGORIES = new Set(['engine', 'fuel-system', 'exhaust']);
const COMBUSTION_SUBCATEGORIES = new Set(['charging-and-starting', 'engine-management']);
const COMBUSTION_KEYS = new Set(['flywheel']);
const DIESEL_KEYS = new Set(['diesel_particulate_filter', 'glow_plug_relay', 'egr_cooler']);
const SPARK_IGNITION_KEYS = new Set(['ignition_coil']);
const MANUAL_KEYS = new Set(['gearbox', 'clutch_master_cylinder', 'clutch_slave_cylinder']);
const TWO_PEDAL_KEYS = new Set(['automatic_gearbox', 'transmission_control_unit']);
const TAILGATE_KEYS = new Set(['tailgate', 'tailgate_lock', 'tailgate_strut']);
const BOOT_LID_KEYS = new Set(['boot_lid']);
const DRIVEN_REAR_AXLE_KEYS = new Set(['propshaft', 'rear_differential']);
const FOUR_BY_FOUR_KEYS = new Set(['4x4_transfer_box']);
const AIR_SUSPENSION_KEYS = new Set(['air_suspension_compressor']);
const REAR_DOOR_SIDES = new Set(['Rear Left', 'Rear Right']);
const REAR_DOOR_KEYS = new Set(['door', 'door_card', 'door_glass', 'door_lock_mechanism', 'window_regulator']);

const TAILGATE_BODIES = new Set(['Hatchback', 'Estate', 'MPV', 'SUV', 'Van']);
const BOOT_LID_BODIES = new Set(['Saloon', 'Coupe', 'Convertible']);
const TWO_DOOR_BODIES = new Set(['Coupe', 'Convertible']);
const OFF_ROAD_BODIES = new Set(['SUV', 'Pickup']);
const REAR_DRIVE_MAKES = new Set(['BMW', 'Mercedes-Benz', 'Jaguar', 'Porsche', 'Lexus', 'Land Rover']);
const AIR_SUSPENSION_MAKES = new Set(['Land Rover', 'Mercedes-Benz', 'Audi', 'Porsche', 'Jaguar', 'BMW', 'Volvo', 'Tesla']);
const SIDES = new Set(['Left', 'Right', 'Front', 'Rear', 'Front Left', 'Front Right', 'Rear Left', 'Rear Right']);

export function profilePartType(row: PartTypeRow): PartTypeProfile {
  const key = partTypeKey(row.name);
  const placed = categoryOfPartType(key);
  if (placed === undefined) throw new Error(`seed: part type '${row.name}' (${key}) has no category in content.ts`);
  const pricing = pricingFor(key);
  const qualifier = partTypeQualifier(row.name);
  return {
    ...row,
    key,
    categoryId: placed.child.id,
    material: pricing.material,
    attributes: pricing.attributes,
    engineDependent: ENGINE_CATEGORIES.has(placed.category.slug) || ENGINE_SUBCATEGORIES.has(placed.child.slug),
    side: qualifier !== null && SIDES.has(qualifier) ? qualifier : null,
  };
}

function isCombustionOnly(profile: PartTypeProfile): boolean {
  const placed = categoryOfPartType(profile.key);
  return (
    COMBUSTION_KEYS.has(profile.key) ||
    (placed !== undefined && (COMBUSTION_CATEGORIES.has(placed.category.slug) || COMBUSTION_SUBCATEGORIES.has(placed.child.slug)))
  );
}

/** Whether a car of this kind has such a part to take off. */
function carHas(profile: PartTypeProfile, vehicle: Vehicle, combustionOnly: boolean): boolean {
  const { key } = profile;
  const fuel = vehicle.engine.fuel;
  const body = vehicle.bodyStyle;
  if (fuel === 'Electric' && combustionOnly) return false;
  if (DIESEL_KEYS.has(key) && fuel !== 'Diesel') return false;
  if (SPARK_IGNITION_KEYS.has(key) && fuel !== 'Petrol' && fuel !== 'Hybrid') return false;
  if (MANUAL_KEYS.has(key) && vehicle.transmission.type !== 'Manual') return false;
  if (TWO_PEDAL_KEYS.has(key) && vehicle.transmission.type === 'Manual') return false;
  if (TAILGATE_KEYS.has(key) && !TAILGATE_BODIES.has(body)) return false;
  if (BOOT_LID_KEYS.has(key) && !BOOT_LID_BODIES.has(body)) return false;
  if (REAR_DOOR_KEYS.has(key) && profile.side !== null && REAR_DOOR_SIDES.has(profile.side) && TWO_DOOR_BODIES.has(body)) return false;
  if (DRIVEN_REAR_AXLE_KEYS.has(key) && !OFF_ROAD_BODIES.has(body) && !REAR_DRIVE_MAKES.has(vehicle.make.name)) return false;
  if (FOUR_BY_FOUR_KEYS.has(key) && !OFF_ROAD_BODIES.has(body)) return false;
  if (AIR_SUSPENSION_KEYS.has(key) && !AIR_SUSPENSION_MAKES.has(vehicle.make.name)) return false;
  return true;
}

export interface PartTypeMix {
  readonly profiles: readonly PartTypeProfile[];
  /** The part types a yard takes off this car, weighted by how well they sell. */
  forVehicle(vehicle: Vehicle): WeightedList<PartTypeProfile>;
}

export function partTypeMix(rows: readonly PartTypeRow[]): PartTypeMix {
  const profiles = rows.map(profilePartType);
  const combustionOnly = new Map(profiles.map((profile) => [profile.id, isCombustionOnly(profile)]));
  // Only a few dozen kinds of car differ in what they have: each list is built once.
  const lists = new Map<string, WeightedList<PartTypeProfile>>();
  return {
    profiles,
    forVehicle(vehicle) {
      const kind = [
        vehicle.engine.fuel,
        vehicle.transmission.type === 'Manual',
        vehicle.bodyStyle,
        REAR_DRIVE_MAKES.has(vehicle.make.name),
        AIR_SUSPENSION_MAKES.has(vehicle.make.name),
      ].join('|');
      let list = lists.get(kind);
      if (list === undefined) {
        list = weightedList(
          profiles
            .filter((profile) => carHas(profile, vehicle, combustionOnly.get(profile.id) ?? false))
            .map((profile) => [profile, SALES_WEIGHTS[profile.key] ?? 1] as const),
        );
        lists.set(kind, list);
      }
      return list;
    },
  };
}
