/**
 * A small deterministic pseudo-random generator for the seed: the same seed always gives the same
 * catalogue. mulberry32 (32-bit state, fast, good enough for test data; not for anything secret).
 */

/** A function returning a float in [0, 1), like Math.random but repeatable. */
export type Rng = () => number;

/** mulberry32: one 32-bit word of state. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of a string (FNV-1a), for seeding from names such as 'parts:ford:focus'. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A generator from a number or a string seed. */
export function createRng(seed: number | string): Rng {
  return mulberry32(typeof seed === 'string' ? hashSeed(seed) : seed);
}

/** An independent generator derived from a parent seed and a label (stable per label). */
export function forkRng(seed: number | string, label: string): Rng {
  return mulberry32(hashSeed(`${String(seed)}:${label}`));
}

/** An integer in [min, max], both inclusive. */
export function int(rng: Rng, min: number, max: number): number {
  const low = Math.ceil(Math.min(min, max));
  const high = Math.floor(Math.max(min, max));
  return low + Math.floor(rng() * (high - low + 1));
}

/** A float in [min, max). */
export function float(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

/** True with probability p (0..1). */
export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** One element; throws on an empty list, so callers never get undefined. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick: empty list');
  const item = items[Math.floor(rng() * items.length)];
  return item as T;
}

/** A shuffled copy (Fisher–Yates); the input is left alone. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = items.slice();
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(rng() * (index + 1));
    const a = copy[index] as T;
    copy[index] = copy[other] as T;
    copy[other] = a;
  }
  return copy;
}

/** Up to n distinct elements, in random order. */
export function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  return shuffle(rng, items).slice(0, Math.max(0, n));
}

/** One value, chosen in proportion to its weight (weights ≤ 0 are never chosen). */
export function weightedPick<T>(rng: Rng, items: readonly (readonly [value: T, weight: number])[]): T {
  let total = 0;
  for (const [, weight] of items) if (weight > 0) total += weight;
  if (total <= 0) throw new Error('weightedPick: no positive weights');
  let target = rng() * total;
  let last: T | undefined;
  for (const [value, weight] of items) {
    if (weight <= 0) continue;
    last = value;
    target -= weight;
    if (target < 0) return value;
  }
  return last as T;
}

/** A random string drawn from an alphabet. */
export function chars(rng: Rng, alphabet: string, length: number): string {
  let out = '';
  for (let index = 0; index < length; index += 1) out += alphabet.charAt(Math.floor(rng() * alphabet.length));
  return out;
}

/** Fixed-width decimal digits (leading zeros kept). */
export function digits(rng: Rng, length: number): string {
  return chars(rng, '0123456789', length);
}

/** The helpers bound to one generator, for code that threads a single source through. */
export interface Random {
  readonly next: Rng;
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  sample<T>(items: readonly T[], n: number): T[];
  weightedPick<T>(items: readonly (readonly [value: T, weight: number])[]): T;
}

export function random(seed: number | string | Rng): Random {
  const next = typeof seed === 'function' ? seed : createRng(seed);
  return {
    next,
    int: (min, max) => int(next, min, max),
    float: (min, max) => float(next, min, max),
    chance: (p) => chance(next, p),
    pick: (items) => pick(next, items),
    shuffle: (items) => shuffle(next, items),
    sample: (items, n) => sample(next, items, n),
    weightedPick: (items) => weightedPick(next, items),
  };
}
