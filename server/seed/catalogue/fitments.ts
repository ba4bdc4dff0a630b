/**
 * Which vehicles a part fits (SPEC §4 compatibility levels). The donor's model fits for its year
 * ±2 (within the years the model was made): level 1, exact, when the part fits by engine and the
 * fitment names the engine code; level 2, likely, for parts that fit whatever the engine (a
 * facelift may still differ). Engine parts also fit the models built on the same platform with
 * the same engine, at level 3, optional: they usually interchange, but check the part number.
 */
import type { fitments } from '../../db/schema';
import type { Model } from '../data/vehicles';
import { LATEST_MODEL_YEAR, MODELS, lastYear } from '../data/vehicles';

export type FitmentRow = typeof fitments.$inferInsert;

/** Level-3 fitments per part at most, so a shared engine does not list a whole group. */
const MAX_PLATFORM_SIBLINGS = 4;
const YEAR_SPREAD = 2;

export interface FitmentInput {
  readonly partId: number;
  readonly partTypeId: number;
  readonly model: Model;
  readonly year: number;
  /** The donor's engine code when the fit was checked by engine (level 1), else null (level 2). */
  readonly engineCode: string | null;
  /** Whether the part interchanges across the platform (engine parts do; a Golf wing does not fit a Leon). */
  readonly sharedByPlatform: boolean;
}

export interface YearRange {
  readonly yearFrom: number;
  readonly yearTo: number;
}

/** The years around a donor's that a part fits on this model, or null when they do not meet. */
export function yearsAround(model: Model, year: number): YearRange | null {
  const yearFrom = Math.max(model.yearFrom, year - YEAR_SPREAD);
  const yearTo = Math.min(lastYear(model), LATEST_MODEL_YEAR, year + YEAR_SPREAD);
  return yearFrom <= yearTo ? { yearFrom, yearTo } : null;
}

const siblingsByPlatform = new Map<string, Model[]>();
for (const model of MODELS) {
  if (model.platform === undefined) continue;
  const group = siblingsByPlatform.get(model.platform) ?? [];
  group.push(model);
  siblingsByPlatform.set(model.platform, group);
}

/** Other models on the same platform sold with this engine, first MAX_PLATFORM_SIBLINGS by id. */
const siblingCache = new Map<string, readonly Model[]>();
export function platformSiblings(model: Model, engineCode: string): readonly Model[] {
  const key = `${model.id}:${engineCode}`;
  let siblings = siblingCache.get(key);
  if (siblings === undefined) {
    siblings = (model.platform === undefined ? [] : (siblingsByPlatform.get(model.platform) ?? []))
      .filter((other) => other.id !== model.id && other.engines.some((engine) => engine.code === engineCode))
      .slice(0, MAX_PLATFORM_SIBLINGS);
    siblingCache.set(key, siblings);
  }
  return siblings;
}

export function fitmentsOf(input: FitmentInput): FitmentRow[] {
  const { partId, partTypeId, model, year, engineCode, sharedByPlatform } = input;
  const own = yearsAround(model, year);
  if (own === null) throw new Error(`seed: a ${year} donor is outside the years of model ${model.id}`);
  const rows: FitmentRow[] = [{ partId, partTypeId, modelId: model.id, ...own, engineCode, level: engineCode === null ? 2 : 1 }];
  if (engineCode === null || !sharedByPlatform) return rows;
  for (const sibling of platformSiblings(model, engineCode)) {
    const years = yearsAround(sibling, year);
    if (years !== null) rows.push({ partId, partTypeId, modelId: sibling.id, ...years, engineCode, level: 3 });
  }
  return rows;
}
