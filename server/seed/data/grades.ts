/**
 * Part grades and warranties as UK breakers offer them (SPEC §3: Grading {level, title, description,
 * bg_color}; Warranty {id, name, value, is_default}). Warranty values are pence net of VAT; the
 * gross price a customer sees is value × 1.2 (833 → £9.99).
 */
import type { Grade } from './part-pricing';
import type { Rng } from './rng';
import { weightedPick } from './rng';
import { pricingFor } from './part-pricing';

export interface Grading {
  readonly level: Grade;
  readonly title: string;
  readonly description: string;
  /** Badge background; white text is legible on each. */
  readonly bg_color: string;
}

export const GRADINGS: readonly Grading[] = [
  {
    level: 'A',
    title: 'Grade A – Excellent',
    description:
      'Excellent condition with little or no sign of use. Mechanical and electrical parts are tested and work as they should; body panels and trim have no damage and at most the lightest marks you would expect on a low-mileage car.',
    bg_color: '#1E7B34',
  },
  {
    level: 'B',
    title: 'Grade B – Good',
    description:
      'Good, fully working condition with light marks from normal use: small scratches, minor scuffs or stone chips that do not affect fit or function. Panels may benefit from a polish or a touch of paint before fitting.',
    bg_color: '#B26A00',
  },
  {
    level: 'C',
    title: 'Grade C – Usable',
    description:
      'Usable with visible wear, or repairable: deeper scratches, small dents, a broken mounting tab or worn trim. The part works, but expect to repair or refinish it. Every fault we know of is listed in the description and photographs.',
    bg_color: '#B3261E',
  },
];

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

export const WARRANTIES: readonly Warranty[] = [
  { id: 1, name: '30 days warranty', value: 0, is_default: true, days: 30 },
  { id: 2, name: '3 months warranty', value: 833, is_default: false, days: 90 },
  { id: 3, name: '6 months warranty', value: 1666, is_default: false, days: 182 },
  { id: 4, name: '12 months warranty', value: 2916, is_default: false, days: 365 },
];

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
