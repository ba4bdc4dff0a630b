/**
 * Makes, models (one row per generation), engines and gearboxes as sold in the UK, for the catalogue
 * seed. Year ranges are UK model years (yearTo null = still on sale). Engine codes are the makers'
 * own (Ford 4-letter, VAG 3/4-letter, GM Ecotec, BMW/Mercedes type codes, PSA/Renault/Fiat codes,
 * Toyota/Nissan/Honda family codes). Electric drive units have no engine code in the usual sense;
 * their rows carry the drive unit or motor designation instead.
 *
 * The tables are data files beside this module: engines.json (each engine code once, with every
 * power output it was sold in), gearboxes.json (codes: M manual, A automatic, D DSG, P other
 * twin-clutch, S automated manual, C CVT, E1 EV), vehicles.json (the makes, then one row per model
 * generation). Model rows refer to engines by code; where one code was sold in several power
 * outputs the row says which, as 'CODE@PS' (for example 'K9K@110'). Make ids follow the makes'
 * order; model ids are makeId * 1000 + position within the make: append new rows at the end of a make.
 */
import * as z from 'zod';
import { readReferenceData } from './load';

export const FUELS = ['Petrol', 'Diesel', 'Hybrid', 'Electric'] as const;
export type Fuel = (typeof FUELS)[number];
export const BODY_STYLES = ['Hatchback', 'Saloon', 'Estate', 'Coupe', 'Convertible', 'MPV', 'SUV', 'Van', 'Pickup'] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

/** How each make numbers its parts (oem-styles.ts draws the numbers). */
export const OEM_STYLE_KEYS = [
  'ford', 'vag', 'gm', 'bmw', 'mercedes', 'toyota', 'nissan', 'psa', 'renault', 'honda', 'hyundai', 'volvo', 'landrover', 'jaguar', 'fiat',
  'mopar', 'mazda', 'suzuki', 'mitsubishi', 'subaru', 'porsche', 'tesla', 'saic', 'rover', 'ssangyong', 'isuzu', 'iveco', 'ldv', 'lotus', 'proton',
] as const;
export type OemStyleKey = (typeof OEM_STYLE_KEYS)[number];

/** DSG is VW group's twin-clutch; DCT the others' (Powershift, EDC, DCT); Semi-automatic an automated manual. */
export const TRANSMISSION_TYPES = ['Manual', 'Automatic', 'DSG', 'DCT', 'CVT', 'Semi-automatic'] as const;
export type TransmissionType = (typeof TRANSMISSION_TYPES)[number];

export interface Transmission {
  readonly type: TransmissionType;
  /** Forward gears; null for CVT. Electric cars have a single-speed 'Automatic'. */
  readonly gears: number | null;
  /** e.g. 'Manual 6-speed', 'DSG 7-speed', 'CVT'. */
  readonly label: string;
}

export interface Engine {
  readonly code: string;
  readonly fuel: Fuel;
  /** Swept volume; 0 for electric. */
  readonly capacityCc: number;
  readonly powerPs: number;
  /** Marketing name, e.g. '1.6 TDCi', '2.0 TDI', '1.2 PureTech'. */
  readonly name: string;
}

export interface Make {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly oemStyle: OemStyleKey;
}

export interface Model {
  readonly id: number;
  readonly makeId: number;
  readonly name: string;
  readonly slug: string;
  /** Mk3, E90, W204, 8V…; absent where a model had one generation here. */
  readonly generation?: string;
  readonly yearFrom: number;
  readonly yearTo: number | null;
  readonly bodyStyles: readonly BodyStyle[];
  readonly engines: readonly Engine[];
  readonly transmissions: readonly Transmission[];
  /** Shared platform, where parts commonly interchange between models (e.g. 'VW MQB'). */
  readonly platform?: string;
}

/** The last model year the seed generates for rows still in production. */
export const LATEST_MODEL_YEAR = 2025;

// ---------------------------------------------------------------------------------------------
// The data files
// ---------------------------------------------------------------------------------------------

const engineFile = z.array(
  z.object({
    code: z.string().regex(/^\S+$/, 'an engine code has no spaces'),
    fuel: z.enum(FUELS),
    capacityCc: z.int().nonnegative(),
    powerPs: z.array(z.int().positive()).min(1),
    name: z.string().min(1),
  }),
);

const gearboxFile = z.record(
  z.string(),
  z.object({ type: z.enum(TRANSMISSION_TYPES), gears: z.int().positive().nullable(), label: z.string().min(1) }),
);

const vehicleFile = z.object({
  makes: z.array(z.object({ name: z.string().min(1), oemStyle: z.enum(OEM_STYLE_KEYS) })),
  models: z.array(
    z.object({
      make: z.string().min(1),
      name: z.string().min(1),
      generation: z.string().min(1).nullable(),
      yearFrom: z.int().min(1950),
      yearTo: z.int().min(1950).nullable(),
      bodyStyles: z.array(z.enum(BODY_STYLES)),
      /** Engine codes, 'CODE' or 'CODE@PS', separated by spaces. */
      engines: z.string(),
      /** Gearbox codes of gearboxes.json, separated by spaces. */
      gearboxes: z.string(),
      platform: z.string().min(1).optional(),
    }),
  ),
});

function engineVariants(rows: z.output<typeof engineFile>): Map<string, Engine[]> {
  const byCode = new Map<string, Engine[]>();
  for (const row of rows) {
    const variants = byCode.get(row.code) ?? [];
    for (const powerPs of row.powerPs) {
      if (variants.some((other) => other.powerPs === powerPs)) throw new Error(`vehicles: duplicate engine ${row.code}@${powerPs}`);
      variants.push({ code: row.code, fuel: row.fuel, capacityCc: row.capacityCc, powerPs, name: row.name });
    }
    byCode.set(row.code, variants);
  }
  return byCode;
}

const ENGINES_BY_CODE = engineVariants(readReferenceData('engines.json', engineFile));
const GEARBOXES: Readonly<Record<string, Transmission>> = readReferenceData('gearboxes.json', gearboxFile);

/** 'CODE' (one variant only) or 'CODE@PS'. */
function engineRef(ref: string): Engine {
  const [code = '', ps] = ref.split('@');
  const variants = ENGINES_BY_CODE.get(code);
  if (variants === undefined) throw new Error(`vehicles: unknown engine '${ref}'`);
  if (ps === undefined) {
    const [only] = variants;
    if (only === undefined || variants.length > 1) throw new Error(`vehicles: engine '${code}' needs @PS (${variants.map((v) => v.powerPs).join(', ')})`);
    return only;
  }
  const match = variants.find((variant) => variant.powerPs === Number(ps));
  if (match === undefined) throw new Error(`vehicles: no ${code} with ${ps} PS`);
  return match;
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function transmissionsOf(codes: string): Transmission[] {
  return codes
    .split(/\s+/)
    .filter((code) => code !== '')
    .map((code) => {
      const transmission = GEARBOXES[code];
      if (transmission === undefined) throw new Error(`vehicles: unknown gearbox code '${code}'`);
      return transmission;
    });
}

function build(): { makes: Make[]; models: Model[] } {
  const file = readReferenceData('vehicles.json', vehicleFile);
  const makes: Make[] = file.makes.map((make, makeIndex) => ({ id: makeIndex + 1, name: make.name, slug: slugify(make.name), oemStyle: make.oemStyle }));
  const positions = new Map<number, number>();
  const models: Model[] = file.models.map(({ make: makeName, name, generation, yearFrom, yearTo, bodyStyles, engines, gearboxes, platform }) => {
    const make = makes.find((candidate) => candidate.name === makeName);
    if (make === undefined) throw new Error(`vehicles: model ${name} of unknown make '${makeName}'`);
    const position = (positions.get(make.id) ?? 0) + 1;
    positions.set(make.id, position);
    return {
      id: make.id * 1000 + position,
      makeId: make.id,
      name,
      slug: slugify(generation === null ? name : `${name} ${generation}`),
      ...(generation === null ? {} : { generation }),
      yearFrom,
      yearTo,
      bodyStyles,
      engines: engines.split(/\s+/).filter((ref) => ref !== '').map(engineRef),
      transmissions: transmissionsOf(gearboxes),
      ...(platform === undefined ? {} : { platform }),
    };
  });
  // The models of a make follow each other, in the file as in the ids.
  models.sort((a, b) => a.makeId - b.makeId || a.id - b.id);
  return { makes, models };
}

const BUILT = build();

export const MAKES: readonly Make[] = BUILT.makes;
export const MODELS: readonly Model[] = BUILT.models;

/** Every engine variant (code + power), once. */
export const ENGINES: readonly Engine[] = [...ENGINES_BY_CODE.values()].flat();

const MAKE_BY_KEY = new Map<string, Make>();
for (const make of MAKES) {
  MAKE_BY_KEY.set(make.slug, make);
  MAKE_BY_KEY.set(make.name.toLowerCase(), make);
}
MAKE_BY_KEY.set('mercedes', MAKE_BY_KEY.get('mercedes-benz') as Make);
MAKE_BY_KEY.set('vw', MAKE_BY_KEY.get('volkswagen') as Make);
MAKE_BY_KEY.set('citroën', MAKE_BY_KEY.get('citroen') as Make);

/** A make by name, slug or common alias ('VW', 'Mercedes', 'Citroën'), case-insensitive. */
export function findMake(nameOrSlug: string): Make | undefined {
  const key = nameOrSlug.trim().toLowerCase();
  return MAKE_BY_KEY.get(key) ?? MAKE_BY_KEY.get(slugify(key));
}

export function makeById(id: number): Make | undefined {
  return MAKES.find((make) => make.id === id);
}

export function modelById(id: number): Model | undefined {
  return MODELS.find((model) => model.id === id);
}

export function modelsOfMake(makeId: number): Model[] {
  return MODELS.filter((model) => model.makeId === makeId);
}

/** The last year a row covers; rows still in production run to LATEST_MODEL_YEAR. */
export function lastYear(model: Model): number {
  return model.yearTo ?? LATEST_MODEL_YEAR;
}

export function coversYear(model: Model, year: number): boolean {
  return year >= model.yearFrom && year <= lastYear(model);
}

/** 'Focus Mk3', 'Golf Mk7', '3 Series G20/G21'. */
export function modelLabel(model: Model): string {
  return model.generation === undefined ? model.name : `${model.name} ${model.generation}`;
}

/** The distinct model names of a make (what a make/model picker lists), in table order. */
export function modelNamesOfMake(makeId: number): string[] {
  return [...new Set(modelsOfMake(makeId).map((model) => model.name))];
}

/** Registries report automatic for every two-pedal gearbox. */
export function registryTransmission(type: TransmissionType): 'Manual' | 'Automatic' {
  return type === 'Manual' ? 'Manual' : 'Automatic';
}

export interface VehicleQuery {
  readonly make: string;
  readonly model?: string | null;
  readonly year?: number;
  readonly bodyStyle?: BodyStyle;
  /** 'Manual', 'Automatic' (matches any two-pedal type) or a specific type. */
  readonly transmission?: TransmissionType;
  readonly gears?: number | null;
  readonly engineCode?: string;
}

/** The model rows matching a vehicle description (all given fields must match). */
export function findModels(query: VehicleQuery): Model[] {
  const make = findMake(query.make);
  if (make === undefined) return [];
  const modelName = query.model?.trim().toLowerCase();
  return modelsOfMake(make.id).filter((model) => {
    if (modelName !== undefined && modelName !== '' && model.name.toLowerCase() !== modelName) return false;
    if (query.year !== undefined && !coversYear(model, query.year)) return false;
    if (query.bodyStyle !== undefined && !model.bodyStyles.includes(query.bodyStyle)) return false;
    if (query.engineCode !== undefined && !model.engines.some((engine) => engine.code === query.engineCode)) return false;
    if (query.transmission !== undefined || query.gears !== undefined) {
      const fits = model.transmissions.some((gearbox) => {
        const typeOk =
          query.transmission === undefined ||
          gearbox.type === query.transmission ||
          (query.transmission === 'Automatic' && gearbox.type !== 'Manual');
        const gearsOk = query.gears === undefined || gearbox.gears === query.gears;
        return typeOk && gearsOk;
      });
      if (!fits) return false;
    }
    return true;
  });
}
