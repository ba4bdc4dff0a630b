/**
 * The fixed demo data behind docs/demo-data.md and the tests: the demo registrations and, for each
 * demo car, parts with fixed Tags, OEM numbers, prices and statuses, the same whatever the seed
 * and size. Each of AB12 CDE, WP66 KLM and YX19 RTA has available alternators, a starter motor,
 * headlights and door mirrors fitting it exactly (engine code, level 1), plus sold and
 * coming-soon ones; LM70 HZY (a BMW whose lookup gives no model) has 2020 parts on five models.
 * Demo Tags are P00xxxxx and stock numbers STK-0xxxxx, below every generated one.
 */
import type { PartStatusValue, registrations } from '../../db/schema';
import { netFromGross } from '../../../src/domain/money';
import type { Grade } from '../data/part-pricing';
import { rrpFor } from '../data/part-pricing';
import { DEMO_REGISTRATIONS, type DemoRegistration } from '../data/registrations';
import { createRng } from '../data/rng';
import type { BodyStyle, Model, TransmissionType } from '../data/vehicles';
import { findMake, modelsOfMake } from '../data/vehicles';
import { CATALOGUE_DATE, daysBefore } from './dates';
import type { Donor, Vehicle } from './donors';
import { donorOf } from './donors';
import type { PartBundle } from './listing';
import { listPart } from './listing';
import type { PartTypeProfile } from './part-type-mix';

type RegistrationRow = typeof registrations.$inferInsert;

interface DemoVehicle {
  readonly make: string;
  readonly model: string;
  readonly generation: string;
  readonly year: number;
  /** 'CODE' or 'CODE@PS' as in vehicles.ts. */
  readonly engine: string;
  readonly transmission: TransmissionType;
  readonly gears: number;
  readonly bodyStyle: BodyStyle;
  readonly colour: string;
}

export interface DemoPart {
  readonly tag: string;
  /** The demo registration it is listed for, or the BMW model row it came from. */
  readonly car: string;
  readonly partType: string;
  readonly status: PartStatusValue;
  readonly grade: Grade;
  readonly oem: string;
  /** Shelf price in pence including VAT. */
  readonly grossPrice: number;
}

/** The cars of the demo registrations with a model; LM70 HZY's parts come from these BMWs. */
const DEMO_VEHICLES: Readonly<Record<string, DemoVehicle>> = {
  AB12CDE: vehicleOfRegistration('AB12CDE'),
  WP66KLM: vehicleOfRegistration('WP66KLM'),
  YX19RTA: vehicleOfRegistration('YX19RTA'),
  'BMW 1 Series F40': {
    make: 'BMW',
    model: '1 Series',
    generation: 'F40',
    year: 2020,
    engine: 'B47D20@150',
    transmission: 'Automatic',
    gears: 8,
    bodyStyle: 'Hatchback',
    colour: 'Black',
  },
  'BMW 3 Series G20/G21': {
    make: 'BMW',
    model: '3 Series',
    generation: 'G20/G21',
    year: 2020,
    engine: 'B47D20@190',
    transmission: 'Automatic',
    gears: 8,
    bodyStyle: 'Saloon',
    colour: 'White',
  },
  'BMW 5 Series G30/G31': {
    make: 'BMW',
    model: '5 Series',
    generation: 'G30/G31',
    year: 2020,
    engine: 'B47D20@190',
    transmission: 'Automatic',
    gears: 8,
    bodyStyle: 'Saloon',
    colour: 'Grey',
  },
  'BMW X1 F48': {
    make: 'BMW',
    model: 'X1',
    generation: 'F48',
    year: 2020,
    engine: 'B47C20@150',
    transmission: 'Automatic',
    gears: 8,
    bodyStyle: 'SUV',
    colour: 'Blue',
  },
  'BMW X3 G01': {
    make: 'BMW',
    model: 'X3',
    generation: 'G01',
    year: 2020,
    engine: 'B47D20@190',
    transmission: 'Automatic',
    gears: 8,
    bodyStyle: 'SUV',
    colour: 'Black',
  },
};

export const DEMO_PARTS: readonly DemoPart[] = [
  // AB12 CDE: 2012 Ford Focus Mk3 1.6 TDCi (T1DA), manual 6-speed hatchback.
  { tag: 'P0012001', car: 'AB12CDE', partType: 'Alternator', status: 'available', grade: 'A', oem: 'AV6N-10300-GC', grossPrice: 7999 },
  { tag: 'P0012002', car: 'AB12CDE', partType: 'Alternator', status: 'available', grade: 'B', oem: 'AV6N-10300-GC', grossPrice: 5999 },
  { tag: 'P0012003', car: 'AB12CDE', partType: 'Starter Motor', status: 'available', grade: 'A', oem: 'AV6N-11000-AC', grossPrice: 6999 },
  {
    tag: 'P0012004',
    car: 'AB12CDE',
    partType: 'Headlight (Left)',
    status: 'available',
    grade: 'A',
    oem: 'BM51-13W030-CK',
    grossPrice: 12999,
  },
  {
    tag: 'P0012005',
    car: 'AB12CDE',
    partType: 'Headlight (Right)',
    status: 'available',
    grade: 'B',
    oem: 'BM51-13W029-CK',
    grossPrice: 10999,
  },
  {
    tag: 'P0012006',
    car: 'AB12CDE',
    partType: 'Door Mirror (Left)',
    status: 'available',
    grade: 'A',
    oem: 'BM51-17683-BE',
    grossPrice: 4999,
  },
  {
    tag: 'P0012007',
    car: 'AB12CDE',
    partType: 'Door Mirror (Right)',
    status: 'available',
    grade: 'B',
    oem: 'BM51-17682-BE',
    grossPrice: 4499,
  },
  { tag: 'P0012008', car: 'AB12CDE', partType: 'Alternator', status: 'sold', grade: 'A', oem: 'BV6N-10300-AC', grossPrice: 7499 },
  { tag: 'P0012009', car: 'AB12CDE', partType: 'Headlight (Left)', status: 'sold', grade: 'B', oem: 'BM51-13W030-CK', grossPrice: 9999 },
  { tag: 'P0012010', car: 'AB12CDE', partType: 'Starter Motor', status: 'coming_soon', grade: 'A', oem: 'AV6N-11000-AC', grossPrice: 6499 },
  {
    tag: 'P0012011',
    car: 'AB12CDE',
    partType: 'Door Mirror (Right)',
    status: 'coming_soon',
    grade: 'A',
    oem: 'BM51-17682-BE',
    grossPrice: 4999,
  },
  // WP66 KLM: 2016 Volkswagen Golf Mk7 2.0 TDI (CRBC), manual 6-speed hatchback.
  { tag: 'P0066001', car: 'WP66KLM', partType: 'Alternator', status: 'available', grade: 'A', oem: '04L903023K', grossPrice: 8999 },
  { tag: 'P0066002', car: 'WP66KLM', partType: 'Alternator', status: 'available', grade: 'B', oem: '04L903023K', grossPrice: 6999 },
  { tag: 'P0066003', car: 'WP66KLM', partType: 'Starter Motor', status: 'available', grade: 'A', oem: '02Z911024H', grossPrice: 7499 },
  { tag: 'P0066004', car: 'WP66KLM', partType: 'Headlight (Left)', status: 'available', grade: 'A', oem: '5G1941005', grossPrice: 14999 },
  { tag: 'P0066005', car: 'WP66KLM', partType: 'Headlight (Right)', status: 'available', grade: 'B', oem: '5G1941006', grossPrice: 12999 },
  {
    tag: 'P0066006',
    car: 'WP66KLM',
    partType: 'Door Mirror (Left)',
    status: 'available',
    grade: 'A',
    oem: '5G1857507AC',
    grossPrice: 5999,
  },
  {
    tag: 'P0066007',
    car: 'WP66KLM',
    partType: 'Door Mirror (Right)',
    status: 'available',
    grade: 'B',
    oem: '5G1857508AC',
    grossPrice: 5499,
  },
  { tag: 'P0066008', car: 'WP66KLM', partType: 'Alternator', status: 'sold', grade: 'A', oem: '04L903017A', grossPrice: 7999 },
  { tag: 'P0066009', car: 'WP66KLM', partType: 'Headlight (Left)', status: 'sold', grade: 'B', oem: '5G1941005', grossPrice: 13999 },
  { tag: 'P0066010', car: 'WP66KLM', partType: 'Starter Motor', status: 'coming_soon', grade: 'A', oem: '02Z911024H', grossPrice: 6999 },
  {
    tag: 'P0066011',
    car: 'WP66KLM',
    partType: 'Door Mirror (Right)',
    status: 'coming_soon',
    grade: 'A',
    oem: '5G1857508AC',
    grossPrice: 5999,
  },
  // YX19 RTA: 2019 Vauxhall Corsa E 1.4 (B14XEL), manual 5-speed hatchback.
  { tag: 'P0019001', car: 'YX19RTA', partType: 'Alternator', status: 'available', grade: 'A', oem: '13579661', grossPrice: 6499 },
  { tag: 'P0019002', car: 'YX19RTA', partType: 'Alternator', status: 'available', grade: 'B', oem: '13579661', grossPrice: 4999 },
  { tag: 'P0019003', car: 'YX19RTA', partType: 'Starter Motor', status: 'available', grade: 'A', oem: '55570064', grossPrice: 5499 },
  { tag: 'P0019004', car: 'YX19RTA', partType: 'Headlight (Left)', status: 'available', grade: 'A', oem: '39108215', grossPrice: 9999 },
  { tag: 'P0019005', car: 'YX19RTA', partType: 'Headlight (Right)', status: 'available', grade: 'B', oem: '39108216', grossPrice: 8999 },
  { tag: 'P0019006', car: 'YX19RTA', partType: 'Door Mirror (Left)', status: 'available', grade: 'A', oem: '39017990', grossPrice: 3999 },
  { tag: 'P0019007', car: 'YX19RTA', partType: 'Door Mirror (Right)', status: 'available', grade: 'B', oem: '39017991', grossPrice: 3499 },
  { tag: 'P0019008', car: 'YX19RTA', partType: 'Alternator', status: 'sold', grade: 'A', oem: '13502595', grossPrice: 5999 },
  { tag: 'P0019009', car: 'YX19RTA', partType: 'Headlight (Left)', status: 'sold', grade: 'B', oem: '39108215', grossPrice: 9499 },
  { tag: 'P0019010', car: 'YX19RTA', partType: 'Starter Motor', status: 'coming_soon', grade: 'A', oem: '55570064', grossPrice: 4999 },
  {
    tag: 'P0019011',
    car: 'YX19RTA',
    partType: 'Door Mirror (Right)',
    status: 'coming_soon',
    grade: 'A',
    oem: '39017991',
    grossPrice: 3999,
  },
  // LM70 HZY: a 2020 BMW, model unknown to the lookup; 2020 parts on five BMW models.
  {
    tag: 'P0070001',
    car: 'BMW 1 Series F40',
    partType: 'Alternator',
    status: 'available',
    grade: 'A',
    oem: '12318482285',
    grossPrice: 11999,
  },
  {
    tag: 'P0070002',
    car: 'BMW 1 Series F40',
    partType: 'Headlight (Left)',
    status: 'available',
    grade: 'A',
    oem: '63117214811',
    grossPrice: 24999,
  },
  {
    tag: 'P0070003',
    car: 'BMW 3 Series G20/G21',
    partType: 'Alternator',
    status: 'available',
    grade: 'A',
    oem: '12318486455',
    grossPrice: 12999,
  },
  {
    tag: 'P0070004',
    car: 'BMW 3 Series G20/G21',
    partType: 'Headlight (Left)',
    status: 'available',
    grade: 'B',
    oem: '63117419631',
    grossPrice: 27999,
  },
  {
    tag: 'P0070005',
    car: 'BMW 3 Series G20/G21',
    partType: 'Door Mirror (Right)',
    status: 'available',
    grade: 'A',
    oem: '51167445670',
    grossPrice: 8999,
  },
  {
    tag: 'P0070006',
    car: 'BMW 5 Series G30/G31',
    partType: 'Starter Motor',
    status: 'available',
    grade: 'A',
    oem: '12418583034',
    grossPrice: 9999,
  },
  {
    tag: 'P0070007',
    car: 'BMW 5 Series G30/G31',
    partType: 'Headlight (Right)',
    status: 'sold',
    grade: 'B',
    oem: '63117214962',
    grossPrice: 29999,
  },
  { tag: 'P0070008', car: 'BMW X1 F48', partType: 'Alternator', status: 'available', grade: 'B', oem: '12318570776', grossPrice: 9999 },
  {
    tag: 'P0070009',
    car: 'BMW X3 G01',
    partType: 'Door Mirror (Left)',
    status: 'available',
    grade: 'A',
    oem: '51167392147',
    grossPrice: 9999,
  },
  {
    tag: 'P0070010',
    car: 'BMW X3 G01',
    partType: 'Starter Motor',
    status: 'coming_soon',
    grade: 'A',
    oem: '12418515185',
    grossPrice: 9499,
  },
];

function demoRegistration(vrn: string): DemoRegistration {
  const registration = DEMO_REGISTRATIONS.find((entry) => entry.vrn === vrn);
  if (registration === undefined) throw new Error(`seed: no demo registration ${vrn}`);
  return registration;
}

function vehicleOfRegistration(vrn: string): DemoVehicle {
  const { make, model, generation, year, engineCode, transmission, gears, style, colour } = demoRegistration(vrn);
  if (model === null || generation === null || engineCode === null || transmission === null || gears === null || style === null) {
    throw new Error(`seed: demo registration ${vrn} has no full vehicle`);
  }
  return { make, model, generation, year, engine: engineCode, transmission, gears, bodyStyle: style, colour };
}

function modelRow(makeName: string, name: string, generation: string | null): Model {
  const make = findMake(makeName);
  const model = make && modelsOfMake(make.id).find((row) => row.name === name && (row.generation ?? null) === generation);
  if (model === undefined) throw new Error(`seed: no model row ${makeName} ${name} ${generation ?? ''}`);
  return model;
}

function vehicleOf(demo: DemoVehicle): Vehicle {
  const model = modelRow(demo.make, demo.model, demo.generation);
  const make = findMake(demo.make);
  const [code, power] = demo.engine.split('@');
  const engine = model.engines.find((entry) => entry.code === code && (power === undefined || entry.powerPs === Number(power)));
  const transmission = model.transmissions.find((entry) => entry.type === demo.transmission && entry.gears === demo.gears);
  if (make === undefined || engine === undefined || transmission === undefined) {
    throw new Error(`seed: demo vehicle ${demo.make} ${demo.model} does not match vehicles.ts`);
  }
  return { make, model, year: demo.year, engine, transmission, bodyStyle: demo.bodyStyle };
}

/** The demo registrations as registry rows. LM70 HZY knows only make and year, like the DVLA. */
export function demoRegistrationRows(): RegistrationRow[] {
  return DEMO_REGISTRATIONS.map((registration) => {
    const make = findMake(registration.make);
    if (make === undefined) throw new Error(`seed: unknown demo make ${registration.make}`);
    const base = { vrn: registration.vrn, makeId: make.id, year: registration.year, imageUrl: '' };
    const vehicle = DEMO_VEHICLES[registration.vrn];
    if (vehicle === undefined) return { ...base, modelId: null, style: '', transmission: '', gears: null, engineCode: '' };
    return {
      ...base,
      modelId: modelRow(vehicle.make, vehicle.model, vehicle.generation).id,
      style: vehicle.bodyStyle,
      transmission: vehicle.transmission,
      gears: vehicle.gears,
      engineCode: vehicle.engine,
    };
  });
}

/**
 * The demo parts as listings with ids 1…n. Their words and photos come from a generator seeded by
 * the Tag, so they too are the same whatever the catalogue's seed.
 */
export function demoParts(typesByName: ReadonlyMap<string, PartTypeProfile>): PartBundle[] {
  return DEMO_PARTS.map((demo, index) => {
    const rng = createRng(`demo:${demo.tag}`);
    const type = typesByName.get(demo.partType);
    const vehicle = DEMO_VEHICLES[demo.car];
    if (type === undefined || vehicle === undefined) throw new Error(`seed: demo part ${demo.tag} names an unknown part type or car`);
    const donor: Donor = donorOf(vehicleOf(vehicle), rng, `STK-${demo.tag.slice(2)}`, vehicle.colour);
    const createdAt = daysBefore(CATALOGUE_DATE, 3 + index * 2);
    const priceNet = netFromGross(demo.grossPrice);
    return listPart(
      {
        id: index + 1,
        tag: demo.tag,
        type,
        donor,
        status: demo.status,
        grade: demo.grade,
        oem: demo.oem,
        createdAt,
        prices: { priceNet, priceOldNet: null, rrpNet: rrpFor(type.key, priceNet, rng), createdAt, history: [] },
        // Each demo part was matched to its car's exact engine, so every one fits at level 1.
        engineChecked: true,
      },
      rng,
    );
  });
}
