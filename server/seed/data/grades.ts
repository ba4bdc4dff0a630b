/**
 * Part grades and warranties as UK breakers offer them (SPEC §3: Grading {level, title, description,
 * bg_color}; Warranty {id, name, value, is_default}). Warranty values are pence net of VAT; the
 * gross price a customer sees is value × 1.2 (833 → £9.99).
 */
import * as z from 'zod';
import { readReferenceData } from './load';
import type { Grade } from './part-pricing';
import type { Rng } from './rng';
import { weightedPick } from './rng';
import { pricingFor } from './part-pricing';

/** grades.json: the three grades (SPEC §3 Grading) and the warranties on offer (SPEC §3 Warranty). */
const gradesFile = z.object({
  gradings: z.array(z.object({ level: z.enum(['A', 'B', 'C']), title: z.string().min(1), description: z.string().min(1), bg_color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'a colour is #RRGGBB') })),
  warranties: z.array(z.object({ id: z.int().positive(), name: z.string().min(1), value: z.int().nonnegative(), is_default: z.boolean(), days: z.int().positive() })),
});
const FILE = readReferenceData('grades.json', gradesFile);

export interface Grading {
  readonly level: Grade;
  readonly title: string;
  readonly description: string;
  /** Badge background; white text is legible on each. */
  readonly bg_color: string;
}

export const GRADINGS: readonly Grading[] = FILE.gradings;

export function gradingFor(level: Grade): Grading {
  const grading = GRADINGS.find((entry) => entry.level === level);
  if (grading === undefined) throw new Error(`grades: unknown grade ${level}`);
  return grading;
}

/** How a breaker's stock splits: mostly A and B, some C. Body panels see more wear than electrics. */
export function pickGrade(rng: Rng, partKey?: string): Grade {
  const material = partKey === undefined ? 'mechanical' : pricingFor(partKey).material;
  const cosmetic = material === 'body' || material === 'plastic' || material === 'trim' || material === 'wheel';
  return weightedPick<Grade>(rng, cosmetic ? [['A', 35], ['B', 45], ['C', 20]] : [['A', 50], ['B', 40], ['C', 10]]);
}

export interface Warranty {
  readonly id: number;
  readonly name: string;
  /** Price in pence net of VAT; 0 = included free. */
  readonly value: number;
  readonly is_default: boolean;
  /** Length of cover in days. */
  readonly days: number;
}

export const WARRANTIES: readonly Warranty[] = FILE.warranties;

/** Body panels, glass and trim carry the standard cover only; mechanical and electrical parts can be extended. */
const COSMETIC_MATERIALS = new Set(['body', 'plastic', 'glass', 'trim', 'rubber']);

/**
 * The warranties offered on a part: every part has the free 30 days; parts that work (mechanical,
 * electrical, electronic) add 3 months, then 6 months from £40 net and 12 months from £100 net.
 */
export function warrantiesForPart(partKey: string, netPence: number): Warranty[] {
  const { material } = pricingFor(partKey);
  if (COSMETIC_MATERIALS.has(material)) return WARRANTIES.filter((warranty) => warranty.id === 1);
  return WARRANTIES.filter((warranty) => {
    if (warranty.id === 3) return netPence >= 4000;
    if (warranty.id === 4) return netPence >= 10000;
    return true;
  });
}
