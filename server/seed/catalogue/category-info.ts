/**
 * Category info (descriptions and accordions) from the content.ts templates: for every make, every
 * model that has parts and every part type, and for the combinations people search most: each
 * make and the best-selling models with the best-selling part types. Kept proportional: the
 * full make × model × part type product would be tens of thousands of near-identical pages.
 */
import type { categoryInfo } from '../../db/schema';
import type { InfoTemplate, TemplateVars } from '../data/content';
import { CATEGORY_INFO_TEMPLATES, fillTemplate, lowerPartType } from '../data/content';
import type { Rng } from '../data/rng';
import { createRng, pick } from '../data/rng';
import type { Model } from '../data/vehicles';
import { MAKES, makeById, modelById, modelLabel } from '../data/vehicles';
import type { PartTypeProfile } from './part-type-mix';

type CategoryInfoRow = typeof categoryInfo.$inferInsert;

/** The part types with their own make and model pages. */
const BEST_SELLING_TYPES = [
  'Alternator',
  'Starter Motor',
  'Headlight (Left)',
  'Headlight (Right)',
  'Door Mirror (Left)',
  'Door Mirror (Right)',
  'ECU',
  'Gearbox',
  'Engine',
  'Front Bumper',
  'Rear Light (Left)',
  'Turbocharger',
];
const MODELS_WITH_PART_TYPE_PAGES = 40;

interface Subject {
  readonly makeId: number | null;
  readonly modelId: number | null;
  readonly partTypeId: number | null;
}

function plural(words: string): string {
  return words.endsWith('s') ? words : `${words}s`;
}

function pageRows(subject: Subject, title: string, template: InfoTemplate, vars: TemplateVars, rng: Rng): CategoryInfoRow[] {
  return [
    { ...subject, kind: 'description', title, content: fillTemplate(pick(rng, template.descriptions), vars), position: 0 },
    ...template.accordions.map((accordion, index) => ({
      ...subject,
      kind: 'accordion' as const,
      title: fillTemplate(accordion.title, vars),
      content: fillTemplate(accordion.content, vars),
      position: index + 1,
    })),
  ];
}

/** `partsPerModel`: how many parts each model has, to choose the models that get pages. */
export function categoryInfoRows(
  seed: number,
  types: readonly PartTypeProfile[],
  partsPerModel: ReadonlyMap<number, number>,
): CategoryInfoRow[] {
  const rng = createRng(`${seed}:category-info`);
  const templates = CATEGORY_INFO_TEMPLATES;
  const rows: CategoryInfoRow[] = [];
  const none = { makeId: null, modelId: null, partTypeId: null };
  const makeName = (model: Model) => makeById(model.makeId)?.name ?? '';
  const bestSellers = types.filter((type) => BEST_SELLING_TYPES.includes(type.name));
  const modelsWithParts = [...partsPerModel.keys()]
    .sort((a, b) => a - b)
    .map((id) => modelById(id))
    .filter((model): model is Model => model !== undefined);
  const busiestModels = [...modelsWithParts]
    .sort((a, b) => (partsPerModel.get(b.id) ?? 0) - (partsPerModel.get(a.id) ?? 0) || a.id - b.id)
    .slice(0, MODELS_WITH_PART_TYPE_PAGES);

  for (const make of MAKES) {
    rows.push(...pageRows({ ...none, makeId: make.id }, `Used ${make.name} parts`, templates.make, { make: make.name }, rng));
    for (const type of bestSellers) {
      const vars = { make: make.name, partType: type.name };
      const title = `Used ${make.name} ${plural(lowerPartType(type.name))}`;
      rows.push(...pageRows({ ...none, makeId: make.id, partTypeId: type.id }, title, templates.makePartType, vars, rng));
    }
  }
  for (const model of modelsWithParts) {
    const vars = { make: makeName(model), model: modelLabel(model) };
    rows.push(
      ...pageRows(
        { ...none, makeId: model.makeId, modelId: model.id },
        `Used ${vars.make} ${vars.model} parts`,
        templates.model,
        vars,
        rng,
      ),
    );
  }
  for (const model of busiestModels) {
    for (const type of bestSellers) {
      const vars = { make: makeName(model), model: modelLabel(model), partType: type.name };
      const title = `Used ${vars.make} ${vars.model} ${plural(lowerPartType(type.name))}`;
      rows.push(...pageRows({ makeId: model.makeId, modelId: model.id, partTypeId: type.id }, title, templates.modelPartType, vars, rng));
    }
  }
  for (const type of types) {
    rows.push(
      ...pageRows(
        { ...none, partTypeId: type.id },
        `Used ${plural(lowerPartType(type.name))}`,
        templates.partType,
        { partType: type.name },
        rng,
      ),
    );
  }
  return rows;
}
