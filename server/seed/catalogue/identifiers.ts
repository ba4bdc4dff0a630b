/**
 * Tags and stock numbers of generated parts. A Tag is 'P' + 7 digits from P1000000 up; the demo
 * parts use P00xxxxx, so the two never meet. Numbers are a permutation of the part's position
 * (a·i + b mod m, a coprime to m), so they are unique without a lookup, look unordered, and are
 * the same for the same seed.
 */
import { hashSeed } from '../data/rng';

const TAG_BASE = 1_000_000;
const TAG_SPACE = 9_000_000;
const STOCK_BASE = 100_000;
const STOCK_SPACE = 900_000;

/** The most generated parts one catalogue can have: every one gets its own Tag. */
export const MAX_GENERATED_PARTS = TAG_SPACE;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** i ↦ (a·i + b) mod space, a bijection on 0…space−1; a·i stays below 2^53. */
function permutation(seed: number, label: string, space: number): (index: number) => number {
  let a = (hashSeed(`${seed}:${label}:a`) % (space - 2)) + 2;
  while (gcd(a, space) !== 1) a += 1;
  const b = hashSeed(`${seed}:${label}:b`) % space;
  return (index) => (a * (index % space) + b) % space;
}

export interface Identifiers {
  /** The Tag of the i-th generated part. */
  tag(index: number): string;
  /** The stock number of the i-th donor vehicle ('STK-123456'). */
  stockNumber(donorIndex: number): string;
}

export function identifiers(seed: number): Identifiers {
  const tagOf = permutation(seed, 'tag', TAG_SPACE);
  const stockOf = permutation(seed, 'stock', STOCK_SPACE);
  return {
    tag: (index) => `P${TAG_BASE + tagOf(index)}`,
    stockNumber: (donorIndex) => `STK-${STOCK_BASE + stockOf(donorIndex)}`,
  };
}
