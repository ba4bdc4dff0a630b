/**
 * What used parts cost at a UK breaker, per part type key: price range in pence net of VAT, how the
 * new-part list price (RRP) compares, typical weight, the CO2e a reused part saves, and which
 * attributes describe it. Keys are the part type names in snake case without the side qualifier
 * ('Headlight (Left)' → 'headlight'); see partTypeKey. Prices reflect 2024–25 UK eBay/breaker
 * listings for common cars; prestige makes sit at the top of each range.
 *
 * The table is part-pricing.json: the CO2e per kg and the RRP multiple of each material, short
 * aliases of keys, and per key the name, used price range in pounds, weight, material, attributes
 * and (where it differs from the material's) the RRP multiple.
 */
import * as z from 'zod';
import { readReferenceData } from './load';
import type { Rng } from './rng';

/** Drives the CO2e-per-kg factor and the default RRP multiplier. */
export const PART_MATERIALS = ['mechanical', 'electrical', 'electronic', 'body', 'plastic', 'glass', 'trim', 'wheel', 'rubber'] as const;
export type PartMaterial = (typeof PART_MATERIALS)[number];

/** Keys of the attribute groups in content.ts. */
export const ATTRIBUTE_KEYS = ['side', 'colour', 'fuel', 'transmission', 'condition', 'headlight_type', 'wheel_size', 'mileage'] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

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

const range = z.tuple([z.number().nonnegative(), z.number().nonnegative()]).refine(([low, high]) => low <= high, 'the low end is above the high end');
const byMaterial = z.object(Object.fromEntries(PART_MATERIALS.map((material) => [material, range])) as Record<PartMaterial, typeof range>);
const pricingFile = z.object({
  /** kg CO2e per kg of part, [low, high]: embodied emissions of making the part new. */
  co2PerKg: byMaterial,
  /** New-part list price as a multiple of the used price, by material. */
  rrpByMaterial: byMaterial,
  aliases: z.record(z.string(), z.string()),
  parts: z.record(
    z.string().regex(/^[a-z0-9_]+$/, 'a key is snake case'),
    z.object({
      name: z.string().min(1),
      minPounds: z.number().positive(),
      maxPounds: z.number().positive(),
      weightKg: z.number().positive(),
      material: z.enum(PART_MATERIALS),
      attributes: z.array(z.enum(ATTRIBUTE_KEYS)).optional(),
      rrp: range.optional(),
    }),
  ),
});

const FILE = readReferenceData('part-pricing.json', pricingFile);
const CO2_PER_KG = FILE.co2PerKg;
const RRP_BY_MATERIAL = FILE.rrpByMaterial;

type Row = readonly [
  name: string,
  minPounds: number,
  maxPounds: number,
  weightKg: number,
  material: PartMaterial,
  attributes?: readonly AttributeKey[],
  rrp?: readonly [number, number],
];

const ROWS: Readonly<Record<string, Row>> = Object.fromEntries(
  Object.entries(FILE.parts).map(([key, part]) => [key, [part.name, part.minPounds, part.maxPounds, part.weightKg, part.material, part.attributes, part.rrp] as const]),
);

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
export const PART_KEY_ALIASES: Readonly<Record<string, string>> = FILE.aliases;

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
