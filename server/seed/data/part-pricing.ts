/**
 * What used parts cost at a UK breaker, per part type key: price range in pence net of VAT, how the
 * new-part list price (RRP) compares, typical weight, the CO2e a reused part saves, and which
 * attributes describe it. Keys are the part type names in snake case without the side qualifier
 * ('Headlight (Left)' → 'headlight'); see partTypeKey. Prices reflect 2024–25 UK eBay/breaker
 * listings for common cars; prestige makes sit at the top of each range.
 */
import type { Rng } from './rng';

/** Drives the CO2e-per-kg factor and the default RRP multiplier. */
export type PartMaterial = 'mechanical' | 'electrical' | 'electronic' | 'body' | 'plastic' | 'glass' | 'trim' | 'wheel' | 'rubber';

/** Keys of the attribute groups in content.ts. */
export type AttributeKey = 'side' | 'colour' | 'fuel' | 'transmission' | 'condition' | 'headlight_type' | 'wheel_size' | 'mileage';

export type Grade = 'A' | 'B' | 'C';

export interface PartPricing {
  readonly key: string;
  readonly name: string;
  /** Used price range, pence, net of VAT. */
  readonly netPence: readonly [min: number, max: number];
  /** New-part list price as a multiple of the used price. */
  readonly rrpMultiplier: readonly [min: number, max: number];
  /** Typical weight of one unit, kg. */
  readonly weightKg: number;
  /** kg CO2e saved by reusing rather than making new. */
  readonly co2SavedKg: readonly [min: number, max: number];
  readonly material: PartMaterial;
  readonly attributes: readonly AttributeKey[];
}

/** kg CO2e per kg of part, [low, high]: embodied emissions of making the part new. */
const CO2_PER_KG: Readonly<Record<PartMaterial, readonly [number, number]>> = {
  mechanical: [5, 9],
  electrical: [7, 12],
  electronic: [20, 40],
  body: [2.5, 4],
  plastic: [3, 5],
  glass: [1.2, 2],
  trim: [3, 6],
  wheel: [8, 12],
  rubber: [3, 4],
};

const RRP_BY_MATERIAL: Readonly<Record<PartMaterial, readonly [number, number]>> = {
  mechanical: [2.5, 4],
  electrical: [3, 5],
  electronic: [3, 5],
  body: [2, 3.5],
  plastic: [2, 3.5],
  glass: [2, 3],
  trim: [2.5, 4],
  wheel: [2, 3],
  rubber: [1.5, 2.5],
};

type Row = readonly [
  name: string,
  minPounds: number,
  maxPounds: number,
  weightKg: number,
  material: PartMaterial,
  attributes?: readonly AttributeKey[],
  rrp?: readonly [number, number],
];

const ROWS: Readonly<Record<string, Row>> = {
  // Engine and fuel
  engine: ['Engine', 600, 2500, 140, 'mechanical', ['fuel', 'mileage', 'condition'], [2, 3.5]],
  engine_and_gearbox: ['Engine and Gearbox', 900, 3200, 190, 'mechanical', ['fuel', 'transmission', 'mileage', 'condition'], [2, 3.5]],
  cylinder_head: ['Cylinder Head', 150, 600, 18, 'mechanical', ['fuel', 'condition']],
  crankshaft: ['Crankshaft', 80, 300, 14, 'mechanical', ['fuel']],
  camshaft: ['Camshaft', 40, 150, 3, 'mechanical', ['fuel']],
  rocker_cover: ['Rocker Cover', 30, 110, 2.5, 'mechanical', ['fuel']],
  sump_pan: ['Sump Pan', 30, 120, 4, 'mechanical', ['fuel']],
  inlet_manifold: ['Inlet Manifold', 40, 180, 4, 'mechanical', ['fuel']],
  exhaust_manifold: ['Exhaust Manifold', 45, 180, 7, 'mechanical', ['fuel']],
  turbocharger: ['Turbocharger', 150, 650, 9, 'mechanical', ['fuel', 'mileage', 'condition']],
  intercooler: ['Intercooler', 40, 160, 5, 'mechanical'],
  throttle_body: ['Throttle Body', 25, 90, 1, 'electronic', ['fuel']],
  fuel_injector: ['Fuel Injector', 30, 110, 0.3, 'electronic', ['fuel']],
  high_pressure_fuel_pump: ['High Pressure Fuel Pump', 90, 350, 3, 'mechanical', ['fuel', 'mileage']],
  fuel_rail: ['Fuel Rail', 30, 120, 1.2, 'mechanical', ['fuel']],
  fuel_pump: ['Fuel Pump', 35, 130, 1.5, 'electrical', ['fuel']],
  fuel_tank: ['Fuel Tank', 60, 220, 12, 'plastic', ['fuel']],
  air_flow_meter: ['Air Flow Meter', 20, 75, 0.3, 'electronic', ['fuel']],
  air_filter_box: ['Air Filter Box', 20, 70, 2, 'plastic'],
  egr_valve: ['EGR Valve', 40, 160, 1.5, 'mechanical', ['fuel']],
  egr_cooler: ['EGR Cooler', 45, 180, 3, 'mechanical', ['fuel']],
  oil_cooler: ['Oil Cooler', 30, 120, 2, 'mechanical'],
  oil_pump: ['Oil Pump', 40, 150, 2, 'mechanical'],
  water_pump: ['Water Pump', 25, 90, 1.5, 'mechanical'],
  auxiliary_water_pump: ['Auxiliary Water Pump', 20, 80, 0.5, 'electrical'],
  thermostat_housing: ['Thermostat Housing', 15, 55, 0.6, 'mechanical'],
  timing_cover: ['Timing Cover', 25, 90, 2, 'mechanical'],
  engine_mount: ['Engine Mount', 20, 70, 1.5, 'mechanical', ['side']],
  engine_cover: ['Engine Cover', 20, 80, 1.5, 'plastic'],
  vacuum_pump: ['Vacuum Pump', 30, 110, 1.2, 'mechanical', ['fuel']],
  ignition_coil: ['Ignition Coil', 15, 60, 0.4, 'electrical'],
  glow_plug_relay: ['Glow Plug Relay', 15, 45, 0.2, 'electronic'],
  engine_wiring_loom: ['Engine Wiring Loom', 60, 250, 4, 'electronic', ['fuel', 'transmission']],
  // Exhaust
  catalytic_converter: ['Catalytic Converter', 80, 450, 6, 'mechanical', ['fuel'], [2, 4]],
  diesel_particulate_filter: ['Diesel Particulate Filter', 150, 600, 9, 'mechanical', ['mileage'], [2, 4]],
  exhaust_centre_section: ['Exhaust Centre Section', 40, 150, 8, 'mechanical'],
  exhaust_back_box: ['Exhaust Back Box', 40, 140, 7, 'mechanical'],
  // Cooling and climate
  radiator: ['Radiator', 35, 140, 5, 'mechanical', ['transmission']],
  radiator_pack: ['Radiator Pack', 90, 320, 12, 'mechanical', ['fuel', 'transmission']],
  radiator_fan: ['Radiator Fan', 35, 150, 4, 'electrical'],
  coolant_expansion_tank: ['Coolant Expansion Tank', 12, 45, 0.8, 'plastic'],
  air_conditioning_compressor: ['Air Conditioning Compressor', 80, 320, 7, 'mechanical', ['fuel']],
  air_conditioning_condenser: ['Air Conditioning Condenser', 35, 130, 4, 'mechanical'],
  heater_blower_motor: ['Heater Blower Motor', 25, 90, 1.8, 'electrical'],
  heater_matrix: ['Heater Matrix', 25, 90, 1.5, 'mechanical'],
  heater_control_panel: ['Heater Control Panel', 25, 110, 0.6, 'electronic'],
  blower_motor_resistor: ['Blower Motor Resistor', 12, 40, 0.2, 'electronic'],
  // Electrical and electronics
  alternator: ['Alternator', 45, 120, 6, 'electrical', ['fuel']],
  starter_motor: ['Starter Motor', 40, 110, 4.5, 'electrical', ['fuel', 'transmission']],
  ecu: ['ECU', 60, 350, 0.8, 'electronic', ['fuel', 'transmission']],
  ecu_kit: ['ECU Kit', 120, 450, 1.5, 'electronic', ['fuel', 'transmission']],
  body_control_module: ['Body Control Module', 40, 180, 0.6, 'electronic'],
  fuse_box: ['Fuse Box', 30, 150, 1, 'electronic'],
  transmission_control_unit: ['Transmission Control Unit', 60, 300, 0.6, 'electronic', ['transmission']],
  crankshaft_position_sensor: ['Crankshaft Position Sensor', 10, 35, 0.1, 'electronic'],
  camshaft_position_sensor: ['Camshaft Position Sensor', 10, 35, 0.1, 'electronic'],
  lambda_sensor: ['Lambda Sensor', 15, 55, 0.15, 'electronic'],
  map_sensor: ['MAP Sensor', 12, 40, 0.1, 'electronic'],
  knock_sensor: ['Knock Sensor', 10, 30, 0.1, 'electronic'],
  abs_sensor: ['ABS Sensor', 12, 40, 0.15, 'electronic', ['side']],
  instrument_cluster: ['Instrument Cluster', 45, 220, 1.2, 'electronic', ['fuel', 'transmission', 'mileage']],
  radio_cd_player: ['Radio / CD Player', 40, 350, 1.5, 'electronic'],
  navigation_screen: ['Navigation Screen', 80, 450, 1.2, 'electronic'],
  audio_amplifier: ['Audio Amplifier', 35, 150, 1.2, 'electronic'],
  reversing_camera: ['Reversing Camera', 35, 150, 0.2, 'electronic'],
  parking_sensor: ['Parking Sensor', 10, 30, 0.1, 'electronic', ['side', 'colour']],
  parking_sensor_module: ['Parking Sensor Module', 20, 80, 0.3, 'electronic'],
  xenon_ballast: ['Xenon Ballast', 30, 110, 0.4, 'electronic'],
  clock_spring: ['Clock Spring', 20, 75, 0.3, 'electronic'],
  indicator_stalk: ['Indicator Stalk', 15, 50, 0.3, 'electronic'],
  wiper_stalk: ['Wiper Stalk', 15, 50, 0.3, 'electronic'],
  ignition_barrel_and_key: ['Ignition Barrel and Key', 30, 120, 0.5, 'electronic'],
  remote_key_fob: ['Remote Key Fob', 25, 90, 0.1, 'electronic'],
  electric_window_switch: ['Electric Window Switch', 12, 55, 0.2, 'electronic', ['side']],
  wiper_motor: ['Wiper Motor', 25, 85, 2, 'electrical', ['side']],
  wiper_linkage: ['Wiper Linkage', 30, 110, 3, 'mechanical'],
  washer_pump: ['Washer Pump', 8, 25, 0.2, 'electrical'],
  sunroof_motor: ['Sunroof Motor', 30, 110, 0.6, 'electrical'],
  horn: ['Horn', 8, 25, 0.4, 'electrical'],
  speaker: ['Speaker', 8, 35, 0.5, 'electrical', ['side']],
  '12v_power_socket': ['12V Power Socket', 5, 15, 0.1, 'electronic'],
  airbag_control_module: ['Airbag Control Module', 40, 160, 0.5, 'electronic'],
  steering_wheel_airbag: ['Steering Wheel Airbag', 40, 180, 1.2, 'electronic', ['colour']],
  passenger_airbag: ['Passenger Airbag', 45, 180, 2, 'electronic'],
  air_suspension_compressor: ['Air Suspension Compressor', 120, 450, 5, 'electrical'],
  // Transmission
  gearbox: ['Gearbox', 250, 900, 40, 'mechanical', ['transmission', 'mileage', 'condition'], [2, 3.5]],
  automatic_gearbox: ['Automatic Gearbox', 450, 1600, 80, 'mechanical', ['transmission', 'mileage', 'condition'], [2, 3.5]],
  gear_selector: ['Gear Selector', 25, 120, 1.5, 'mechanical', ['transmission']],
  gearbox_mount: ['Gearbox Mount', 15, 50, 1, 'mechanical', ['transmission']],
  flywheel: ['Flywheel', 60, 250, 9, 'mechanical', ['transmission']],
  clutch_master_cylinder: ['Clutch Master Cylinder', 15, 55, 0.5, 'mechanical'],
  clutch_slave_cylinder: ['Clutch Slave Cylinder', 20, 80, 0.8, 'mechanical'],
  driveshaft: ['Driveshaft', 45, 150, 7, 'mechanical', ['side', 'transmission']],
  propshaft: ['Propshaft', 90, 350, 14, 'mechanical', ['transmission']],
  rear_differential: ['Rear Differential', 150, 550, 30, 'mechanical', ['transmission']],
  '4x4_transfer_box': ['4x4 Transfer Box', 250, 900, 30, 'mechanical', ['transmission']],
  // Steering, suspension and brakes
  steering_rack: ['Steering Rack', 90, 350, 12, 'mechanical'],
  steering_column: ['Steering Column', 60, 300, 8, 'mechanical'],
  power_steering_pump: ['Power Steering Pump', 45, 180, 4, 'mechanical'],
  steering_wheel: ['Steering Wheel', 35, 180, 2.5, 'trim', ['colour']],
  front_subframe: ['Front Subframe', 80, 300, 22, 'mechanical'],
  rear_subframe: ['Rear Subframe', 80, 300, 25, 'mechanical'],
  rear_axle: ['Rear Axle', 120, 450, 35, 'mechanical'],
  hub_carrier: ['Hub Carrier', 35, 120, 6, 'mechanical', ['side']],
  wishbone: ['Wishbone', 25, 90, 4, 'mechanical', ['side']],
  front_shock_absorber: ['Front Shock Absorber', 30, 110, 4.5, 'mechanical', ['side']],
  rear_shock_absorber: ['Rear Shock Absorber', 25, 90, 2.5, 'mechanical', ['side']],
  front_coil_spring: ['Front Coil Spring', 15, 50, 2.5, 'mechanical', ['side']],
  rear_coil_spring: ['Rear Coil Spring', 12, 45, 2.5, 'mechanical', ['side']],
  anti_roll_bar: ['Anti Roll Bar', 25, 90, 6, 'mechanical'],
  brake_caliper: ['Brake Caliper', 25, 95, 4, 'mechanical', ['side']],
  brake_master_cylinder: ['Brake Master Cylinder', 25, 90, 1.5, 'mechanical'],
  brake_servo: ['Brake Servo', 35, 130, 4, 'mechanical'],
  abs_pump: ['ABS Pump', 80, 350, 2.5, 'electronic'],
  handbrake_lever: ['Handbrake Lever', 20, 70, 1.5, 'mechanical'],
  electronic_handbrake_module: ['Electronic Handbrake Module', 60, 250, 1.5, 'electronic'],
  accelerator_pedal: ['Accelerator Pedal', 15, 55, 0.5, 'electronic', ['transmission']],
  pedal_box: ['Pedal Box', 30, 110, 3, 'mechanical', ['transmission']],
  // Body panels
  bonnet: ['Bonnet', 60, 250, 15, 'body', ['colour', 'condition']],
  front_bumper: ['Front Bumper', 60, 320, 5, 'plastic', ['colour', 'condition']],
  rear_bumper: ['Rear Bumper', 50, 280, 5, 'plastic', ['colour', 'condition']],
  front_bumper_reinforcement: ['Front Bumper Reinforcement', 25, 90, 5, 'body'],
  rear_bumper_reinforcement: ['Rear Bumper Reinforcement', 20, 80, 4, 'body'],
  front_grille: ['Front Grille', 20, 150, 1.5, 'plastic', ['colour']],
  front_panel: ['Front Panel', 60, 250, 8, 'body'],
  complete_front_end: ['Complete Front End', 500, 1800, 70, 'body', ['colour', 'fuel', 'condition']],
  wing: ['Wing', 40, 160, 4, 'body', ['side', 'colour', 'condition']],
  door: ['Door', 80, 350, 25, 'body', ['side', 'colour', 'condition']],
  tailgate: ['Tailgate', 90, 380, 22, 'body', ['colour', 'condition']],
  boot_lid: ['Boot Lid', 70, 250, 12, 'body', ['colour', 'condition']],
  rear_spoiler: ['Rear Spoiler', 30, 150, 2, 'plastic', ['colour']],
  scuttle_panel: ['Scuttle Panel', 15, 55, 1.5, 'plastic'],
  engine_undertray: ['Engine Undertray', 15, 55, 2, 'plastic', ['fuel']],
  wheel_arch_liner: ['Wheel Arch Liner', 10, 40, 1.2, 'plastic', ['side']],
  fuel_filler_flap: ['Fuel Filler Flap', 10, 35, 0.3, 'plastic', ['colour']],
  bonnet_catch: ['Bonnet Catch', 10, 30, 0.4, 'mechanical'],
  bonnet_hinge: ['Bonnet Hinge', 10, 30, 0.6, 'mechanical', ['side']],
  tailgate_strut: ['Tailgate Strut', 8, 25, 0.4, 'mechanical', ['side']],
  roof_rails: ['Roof Rails', 40, 160, 4, 'mechanical', ['colour']],
  tow_bar: ['Tow Bar', 50, 180, 14, 'mechanical'],
  badge: ['Badge', 5, 20, 0.1, 'plastic'],
  // Doors and locks
  door_lock_mechanism: ['Door Lock Mechanism', 20, 70, 0.8, 'electrical', ['side']],
  tailgate_lock: ['Tailgate Lock', 15, 55, 0.6, 'electrical'],
  lock_set: ['Lock Set', 50, 200, 1.5, 'electronic'],
  window_regulator: ['Window Regulator', 25, 85, 2, 'electrical', ['side']],
  exterior_door_handle: ['Exterior Door Handle', 12, 45, 0.3, 'plastic', ['side', 'colour']],
  interior_door_handle: ['Interior Door Handle', 8, 30, 0.2, 'plastic', ['side']],
  // Glass and mirrors
  windscreen: ['Windscreen', 70, 250, 14, 'glass'],
  rear_windscreen: ['Rear Windscreen', 45, 180, 8, 'glass'],
  door_glass: ['Door Glass', 25, 85, 4, 'glass', ['side']],
  quarter_glass: ['Quarter Glass', 20, 70, 2, 'glass', ['side']],
  sunroof_glass: ['Sunroof Glass', 60, 220, 8, 'glass'],
  door_mirror: ['Door Mirror', 25, 90, 1.6, 'electrical', ['side', 'colour', 'condition']],
  wing_mirror_glass: ['Wing Mirror Glass', 10, 35, 0.2, 'glass', ['side']],
  interior_mirror: ['Interior Mirror', 12, 80, 0.4, 'electronic'],
  // Lights
  headlight: ['Headlight', 40, 250, 3.5, 'electrical', ['side', 'headlight_type', 'condition'], [3, 5]],
  rear_light: ['Rear Light', 25, 110, 1.2, 'electrical', ['side', 'condition'], [2.5, 4]],
  fog_light: ['Fog Light', 10, 40, 0.4, 'electrical', ['side']],
  third_brake_light: ['Third Brake Light', 10, 35, 0.3, 'plastic'],
  number_plate_light: ['Number Plate Light', 5, 15, 0.1, 'plastic'],
  side_repeater: ['Side Repeater', 5, 20, 0.1, 'plastic', ['side']],
  interior_light: ['Interior Light', 8, 35, 0.2, 'plastic'],
  // Interior
  dashboard: ['Dashboard', 80, 320, 12, 'trim', ['colour']],
  centre_console: ['Centre Console', 30, 130, 3, 'trim', ['colour', 'transmission']],
  glovebox: ['Glovebox', 20, 70, 1.5, 'trim', ['colour']],
  air_vent: ['Air Vent', 8, 30, 0.2, 'plastic', ['side']],
  front_seat: ['Front Seat', 60, 300, 20, 'trim', ['side', 'colour', 'condition']],
  rear_seat: ['Rear Seat', 50, 220, 18, 'trim', ['colour', 'condition']],
  seat_set: ['Seat Set', 180, 850, 60, 'trim', ['colour', 'condition']],
  headrest: ['Headrest', 10, 40, 1, 'trim', ['colour']],
  seat_belt: ['Seat Belt', 20, 70, 1.5, 'mechanical', ['side']],
  door_card: ['Door Card', 25, 100, 2.5, 'trim', ['side', 'colour']],
  parcel_shelf: ['Parcel Shelf', 15, 55, 2.5, 'trim', ['colour']],
  roof_lining: ['Roof Lining', 40, 150, 4, 'trim', ['colour']],
  carpet: ['Carpet', 40, 140, 6, 'trim', ['colour']],
  sun_visor: ['Sun Visor', 8, 30, 0.4, 'trim', ['side', 'colour']],
  windscreen_washer_bottle: ['Windscreen Washer Bottle', 12, 40, 1, 'plastic'],
  // Wheels
  alloy_wheel: ['Alloy Wheel', 45, 180, 10, 'wheel', ['wheel_size', 'condition']],
  alloy_wheels: ['Alloy Wheels (Set of 4)', 180, 700, 40, 'wheel', ['wheel_size', 'condition']],
  steel_wheel: ['Steel Wheel', 20, 55, 8, 'mechanical', ['wheel_size']],
  spare_wheel: ['Spare Wheel', 25, 90, 12, 'wheel', ['wheel_size']],
  tyre: ['Tyre', 20, 70, 9, 'rubber', ['wheel_size']],
  wheel_trim: ['Wheel Trim', 5, 20, 0.4, 'plastic', ['wheel_size']],
  jack: ['Jack', 10, 30, 2.5, 'mechanical'],
};

function toPricing(key: string, [name, min, max, weightKg, material, attributes = [], rrp]: Row): PartPricing {
  const [co2Low, co2High] = CO2_PER_KG[material];
  return {
    key,
    name,
    netPence: [min * 100, max * 100],
    rrpMultiplier: rrp ?? RRP_BY_MATERIAL[material],
    weightKg,
    co2SavedKg: [Math.max(1, Math.round(weightKg * co2Low)), Math.max(2, Math.round(weightKg * co2High))],
    material,
    attributes,
  };
}

export const PART_PRICING: Readonly<Record<string, PartPricing>> = Object.fromEntries(
  Object.entries(ROWS).map(([key, row]) => [key, toPricing(key, row)]),
);

export const PART_PRICING_KEYS: readonly string[] = Object.keys(ROWS);

/** For a part type not in the table. */
export const DEFAULT_PRICING: PartPricing = toPricing('default', ['Part', 25, 120, 3, 'mechanical']);

/** Short keys used elsewhere (and in the issue) for the table's keys. */
export const PART_KEY_ALIASES: Readonly<Record<string, string>> = {
  injector: 'fuel_injector',
  dpf: 'diesel_particulate_filter',
  compressor_ac: 'air_conditioning_compressor',
  ac_compressor: 'air_conditioning_compressor',
  mass_air_flow_sensor: 'air_flow_meter',
  maf: 'air_flow_meter',
  coil_pack: 'ignition_coil',
  tail_light: 'rear_light',
  radio_head_unit: 'radio_cd_player',
  radio: 'radio_cd_player',
  airbag: 'steering_wheel_airbag',
  bumper: 'front_bumper',
  seat: 'front_seat',
  hub: 'hub_carrier',
  shock_absorber: 'front_shock_absorber',
  coil_spring: 'front_coil_spring',
  wing_mirror: 'door_mirror',
  starter: 'starter_motor',
  wiper_motor_front: 'wiper_motor',
  wiper_motor_rear: 'wiper_motor',
  alloy_wheels_set_of_4: 'alloy_wheels',
  turbo: 'turbocharger',
  head_unit: 'radio_cd_player',
  sat_nav: 'navigation_screen',
};

/** Snake case of a part type name without its qualifier: 'Headlight (Left)' → 'headlight'. */
export function snakeKey(name: string): string {
  return name
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The pricing key for a part type name or key ('Radio / CD Player', 'tail_light', 'Wiper Motor (Rear)'). */
export function partTypeKey(nameOrKey: string): string {
  const direct = nameOrKey.trim().toLowerCase();
  if (direct in ROWS) return direct;
  const aliasDirect = PART_KEY_ALIASES[direct];
  if (aliasDirect !== undefined) return aliasDirect;
  const snake = snakeKey(nameOrKey);
  return PART_KEY_ALIASES[snake] ?? snake;
}

/** The qualifier in brackets, e.g. 'Front Left' from 'Brake Caliper (Front Left)'; null when none. */
export function partTypeQualifier(name: string): string | null {
  const match = /\(([^)]+)\)/.exec(name);
  return match?.[1]?.trim() ?? null;
}

export function pricingFor(nameOrKey: string): PartPricing {
  return PART_PRICING[partTypeKey(nameOrKey)] ?? DEFAULT_PRICING;
}

/** Where in the range a grade sits: A top, B middle, C bottom; no grade spreads across it. */
const GRADE_BAND: Readonly<Record<Grade, readonly [number, number]>> = { A: [0.55, 1], B: [0.25, 0.75], C: [0, 0.4] };

/**
 * A used price in pence net of VAT, chosen so the VAT-inclusive price ends in 99p (£59.99 gross is
 * 4999 net). Always a positive integer within the part's range (give or take the rounding).
 */
export function priceFor(nameOrKey: string, rng: Rng, grade?: Grade): number {
  const [min, max] = pricingFor(nameOrKey).netPence;
  const [low, high] = grade === undefined ? [0, 1] : GRADE_BAND[grade];
  // Average of two draws: most parts sit mid-band, few at the extremes.
  const position = low + ((rng() + rng()) / 2) * (high - low);
  const net = min + position * (max - min);
  const grossPounds = Math.max(1, Math.round((net * 1.2) / 100));
  const grossPence = grossPounds * 100 - 1;
  return Math.max(1, Math.round(grossPence / 1.2));
}

/** The new-part list price (RRP) in pence net, a multiple of the used price, rounded to whole pounds less 1p. */
export function rrpFor(nameOrKey: string, netPence: number, rng: Rng): number {
  const [low, high] = pricingFor(nameOrKey).rrpMultiplier;
  const multiple = low + rng() * (high - low);
  const pounds = Math.max(1, Math.round((netPence * multiple) / 100));
  return Math.max(netPence + 1, pounds * 100 - 1);
}

/** Weight of one unit in kg (±15 %, one decimal, at least 0.1). */
export function weightFor(nameOrKey: string, rng: Rng): number {
  const { weightKg } = pricingFor(nameOrKey);
  const value = weightKg * (0.85 + rng() * 0.3);
  return Math.max(0.1, Math.round(value * 10) / 10);
}

/** Whole kg of CO2e saved by reusing the part. */
export function co2SavedFor(nameOrKey: string, rng: Rng): number {
  const [low, high] = pricingFor(nameOrKey).co2SavedKg;
  return Math.round(low + rng() * (high - low));
}

export function attributesFor(nameOrKey: string): readonly AttributeKey[] {
  return pricingFor(nameOrKey).attributes;
}
