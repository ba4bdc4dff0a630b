/**
 * A part as the yard enters it (the back office's part form and its CSV import): one set of rules,
 * so a part typed into the form and a row of a CSV file are checked alike. Pure: what the shop
 * knows (part types, makes, models and their years, grades) is handed in as a {@link StockReference}.
 *
 * Vehicle fields may name their row by id (the form's selects) or by name (a CSV file's columns);
 * prices are pounds net of VAT as typed ('49.99') and come out as pence.
 */
import { PACKAGE_TYPES, type PackageType } from './cart-totals';
import { cleanPartNumber, isValidPartNumber, partNumberKey } from './vehicle-numbers';

export const TAG_MAX_LENGTH = 20;
export const STOCK_NUMBER_MAX_LENGTH = 30;
export const DESCRIPTION_MAX_LENGTH = 4000;
export const ENGINE_CODE_MAX_LENGTH = 20;
export const NOTE_MAX_LENGTH = 500;
export const OEM_NUMBERS_MAX = 5;
export const FITMENTS_MAX = 20;
/** £100,000 net: nothing the yard sells costs more; a typo of several zeros is caught. */
export const PRICE_MAX_PENCE = 10_000_000;
export const FIRST_YEAR = 1950;

/** A Tag: letters, digits and dashes, stored in capitals ('P0012345'). */
export const STOCK_TAG_PATTERN = /^[A-Z0-9][A-Z0-9-]*$/;

/** Statuses a part may be entered with: on sale now, or announced as coming soon. */
export const ENTRY_STATUSES = ['available', 'coming_soon'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** What a member of staff may do with a part's status, and where it leads. */
export const STATUS_ACTIONS = { sold: 'sold', withdrawn: 'coming_soon', for_sale: 'available' } as const;
export type StatusAction = keyof typeof STATUS_ACTIONS;

/**
 * Which status changes staff may make: a part on sale (or coming soon) may be marked sold or
 * withdrawn from sale, and a sold or withdrawn part put back on sale. A reserved part belongs to
 * an unpaid order: only the order's own steps move it.
 */
export function statusActionProblem(current: string, action: StatusAction): string | null {
  if (current === 'reserved') return 'The part is held by an unpaid order: cancel the order or let it be paid first.';
  const target = STATUS_ACTIONS[action];
  if (current === target) return action === 'for_sale' ? 'The part is on sale already.' : action === 'sold' ? 'The part is marked sold already.' : 'The part is withdrawn already.';
  return null;
}

export interface ReferenceModel {
  id: number;
  makeId: number;
  name: string;
  generation: string | null;
  yearFrom: number;
  yearTo: number | null;
}

export interface StockReference {
  partTypes: readonly { id: number; name: string; externalName: string }[];
  makes: readonly { id: number; name: string }[];
  models: readonly ReferenceModel[];
  grades: readonly string[];
  /** The shop's warranties a part may offer instead of its part type's. */
  warranties: readonly { id: number; name: string }[];
  /** The current year by the shop's clock: the latest donor year accepted. */
  thisYear: number;
}

/** A fitment as entered: the vehicle a part fits, with the compatibility level of SPEC §4. */
export interface FitmentFields {
  model: number | string;
  year_from: number | string;
  year_to: number | string;
  engine_code?: string | null | undefined;
  level?: number | string | null | undefined;
}

/** A part as entered, before any check. Empty strings mean 'not given'. */
export interface PartFields {
  tag: string;
  stock_number: string;
  part_type: number | string;
  make: number | string;
  model: number | string;
  year: number | string;
  engine_code?: string | undefined;
  description: string;
  /** One or more OEM numbers, separated by commas; the first is what the part-number search finds. */
  oem: string;
  grade: string;
  price: string | number;
  rrp?: string | number | null | undefined;
  status?: string | undefined;
  likely_match_note?: string | undefined;
  /** Left empty: the part fits its donor's model across the donor's year. */
  fitments?: readonly FitmentFields[] | string | undefined;
  /** One of SPEC §3's package types; empty: the part ships as its part type does. */
  package_type?: string | null | undefined;
  /**
   * The warranties the part offers instead of its part type's, by id or name (a CSV cell lists
   * names separated by ';'); empty: the part type's.
   */
  warranties?: readonly (number | string)[] | string | null | undefined;
  /** Which of the part's own warranties is preselected; empty: the first listed. */
  default_warranty?: number | string | null | undefined;
}

/** A warranty a part offers of its own; one of them is preselected. */
export interface PartWarrantyDraft {
  warrantyId: number;
  isDefault: boolean;
}

export interface FitmentDraft {
  modelId: number;
  yearFrom: number;
  yearTo: number;
  engineCode: string | null;
  level: 1 | 2 | 3;
}

/** A part that passed every rule, ready to store. */
export interface PartDraft {
  tag: string;
  stockNumber: string;
  partTypeId: number;
  /** The part type's feed name (SPEC §3 PartName), which the storefront matches to the type. */
  partName: string;
  makeId: number;
  modelId: number;
  year: number;
  engineCode: string;
  description: string;
  oemNumbers: string[];
  /** The first OEM number as the part-number search keys it. */
  oemNormalised: string;
  grade: string;
  priceNet: number;
  rrpNet: number | null;
  status: EntryStatus;
  likelyMatchNote: string;
  fitments: FitmentDraft[];
  /** Null: the part type's package type. */
  packageType: PackageType | null;
  /** Empty: the part type's warranties. */
  warranties: PartWarrantyDraft[];
}

export type FieldProblems = Record<string, string[]>;
export type PartCheck = { ok: true; part: PartDraft } | { ok: false; errors: FieldProblems };

const squash = (value: unknown): string => (value === null || value === undefined ? '' : String(value)).trim();
const lower = (value: string) => value.toLocaleLowerCase('en-GB');

/** Pounds as typed ('49.99', '£1,250', '12') in pence; null when it is not an amount. */
export function penceOfPounds(value: string | number): number | null {
  const text = squash(value).replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [pounds = '0', pence = ''] = text.split('.');
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

/** Pence as the form shows them again ('49.99'). */
export const poundsOfPence = (pence: number): string => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** A model's label as the shop shows it: 'Golf Mk7', or 'Golf' when it has no generation. */
export const modelLabelOf = (model: Pick<ReferenceModel, 'name' | 'generation'>): string => (model.generation ? `${model.name} ${model.generation}` : model.name);

function byIdOrName<T extends { id: number }>(rows: readonly T[], value: number | string, names: (row: T) => string[]): T[] {
  const text = squash(value);
  if (text === '') return [];
  if (typeof value === 'number' || /^\d+$/.test(text)) {
    const id = Number(text);
    const found = rows.filter((row) => row.id === id);
    if (found.length > 0 || typeof value === 'number') return found;
  }
  const wanted = lower(text);
  return rows.filter((row) => names(row).some((name) => lower(name) === wanted));
}

/**
 * The model a field names among a make's models: by id, by its label ('Golf Mk7'), or by its name
 * when the year tells the generations apart. A string answer is the problem.
 */
function findModel(reference: StockReference, makeId: number, value: number | string, year: number | null): ReferenceModel | string {
  const ofMake = reference.models.filter((model) => model.makeId === makeId);
  const byLabel = byIdOrName(ofMake, value, (model) => [modelLabelOf(model)]);
  if (byLabel.length === 1) return byLabel[0]!;
  const byName = byIdOrName(ofMake, value, (model) => [model.name]);
  if (byName.length === 0) return squash(value) === '' ? 'Choose a model.' : 'Not a model of this make.';
  if (byName.length === 1) return byName[0]!;
  const inYear = year === null ? [] : byName.filter((model) => model.yearFrom <= year && (model.yearTo ?? reference.thisYear) >= year);
  if (inYear.length === 1) return inYear[0]!;
  return `Several models are called that: name one, e.g. '${modelLabelOf(byName[0]!)}'.`;
}

function wholeNumber(value: number | string): number | null {
  const text = squash(value);
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/**
 * Fitments as a CSV cell writes them: entries separated by ';', each 'model years' with an
 * optional engine code after '/', e.g. 'Golf Mk7 2013-2017; Octavia 2014/CJZA'.
 */
export function parseFitmentsCell(cell: string): FitmentFields[] | string {
  const entries = cell
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const fitments: FitmentFields[] = [];
  for (const entry of entries) {
    const match = /^(.+?)\s+(\d{4})(?:\s*-\s*(\d{4}))?\s*(?:\/\s*([A-Za-z0-9-]+))?$/.exec(entry);
    if (!match) return `Write each fitment as 'model years', e.g. 'Golf Mk7 2013-2017': '${entry}' is not.`;
    fitments.push({ model: match[1]!, year_from: match[2]!, year_to: match[3] ?? match[2]!, engine_code: match[4] ?? null });
  }
  return fitments;
}

/** Every rule of a part; each problem under the field it belongs to ('fitments.1.year_to' for a fitment's). */
export function checkPart(fields: PartFields, reference: StockReference): PartCheck {
  const errors: FieldProblems = {};
  const problem = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };

  const tag = squash(fields.tag).toUpperCase();
  if (tag === '') problem('tag', 'Enter the Tag.');
  else if (tag.length > TAG_MAX_LENGTH) problem('tag', `At most ${TAG_MAX_LENGTH} characters.`);
  else if (!STOCK_TAG_PATTERN.test(tag)) problem('tag', 'Letters, digits and dashes only.');

  const stockNumber = squash(fields.stock_number).toUpperCase();
  if (stockNumber === '') problem('stock_number', 'Enter the stock number of the donor vehicle.');
  else if (stockNumber.length > STOCK_NUMBER_MAX_LENGTH) problem('stock_number', `At most ${STOCK_NUMBER_MAX_LENGTH} characters.`);
  else if (!/^[A-Z0-9][A-Z0-9 /-]*$/.test(stockNumber)) problem('stock_number', 'Letters, digits, spaces, dashes and slashes only.');

  const partTypes = byIdOrName(reference.partTypes, fields.part_type, (type) => [type.name, type.externalName]);
  const partType = partTypes[0];
  if (!partType) problem('part_type', squash(fields.part_type) === '' ? 'Choose a part type.' : 'Not a part type of the shop.');

  const year = wholeNumber(fields.year);
  if (squash(fields.year) === '') problem('year', 'Enter the year of the donor vehicle.');
  else if (year === null || year < FIRST_YEAR || year > reference.thisYear) problem('year', `A year from ${FIRST_YEAR} to ${reference.thisYear}.`);

  const make = byIdOrName(reference.makes, fields.make, (row) => [row.name])[0];
  if (!make) problem('make', squash(fields.make) === '' ? 'Choose a make.' : 'Not a make of the shop.');
  let model: ReferenceModel | undefined;
  if (make) {
    const found = findModel(reference, make.id, fields.model, year);
    if (typeof found === 'string') problem('model', found);
    else {
      model = found;
      if (year !== null && !errors.year && (year < found.yearFrom || year > (found.yearTo ?? reference.thisYear))) {
        problem('year', `The ${modelLabelOf(found)} was made from ${found.yearFrom}${found.yearTo === null ? '' : ` to ${found.yearTo}`}.`);
      }
    }
  }

  const engineCode = squash(fields.engine_code).toUpperCase();
  if (engineCode.length > ENGINE_CODE_MAX_LENGTH) problem('engine_code', `At most ${ENGINE_CODE_MAX_LENGTH} characters.`);
  else if (engineCode !== '' && !/^[A-Z0-9-]+$/.test(engineCode)) problem('engine_code', 'Letters, digits and dashes only.');

  const description = squash(fields.description);
  if (description === '') problem('description', 'Describe the part: its condition and anything a buyer should know.');
  else if (description.length > DESCRIPTION_MAX_LENGTH) problem('description', `At most ${DESCRIPTION_MAX_LENGTH} characters.`);
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(description)) problem('description', 'Letters, digits and punctuation only.');

  const oemNumbers = squash(fields.oem)
    .split(',')
    .map((number) => cleanPartNumber(number))
    .filter((number) => number !== '');
  if (oemNumbers.length === 0) problem('oem', 'Enter the OEM part number.');
  else if (oemNumbers.length > OEM_NUMBERS_MAX) problem('oem', `At most ${OEM_NUMBERS_MAX} OEM numbers.`);
  else {
    const bad = oemNumbers.find((number) => !isValidPartNumber(number) || number.length > 40 || !/^[A-Z0-9 .\-/\\_]+$/i.test(number));
    if (bad !== undefined) problem('oem', `'${bad}' is not a part number: 3 to 40 letters and digits.`);
  }

  const grade = squash(fields.grade).toUpperCase();
  if (grade === '') problem('grade', 'Choose a grade.');
  else if (!reference.grades.includes(grade)) problem('grade', `One of ${reference.grades.join(', ')}.`);

  const priceNet = penceOfPounds(fields.price);
  if (squash(fields.price) === '') problem('price', 'Enter the price.');
  else if (priceNet === null) problem('price', "An amount in pounds, e.g. '49.99'.");
  else if (priceNet <= 0) problem('price', 'More than £0.');
  else if (priceNet > PRICE_MAX_PENCE) problem('price', 'At most £100,000.');

  let rrpNet: number | null = null;
  if (squash(fields.rrp) !== '') {
    rrpNet = penceOfPounds(fields.rrp ?? '');
    if (rrpNet === null) problem('rrp', "An amount in pounds, e.g. '89.99'.");
    else if (rrpNet > PRICE_MAX_PENCE) problem('rrp', 'At most £100,000.');
    else if (priceNet !== null && rrpNet < priceNet) problem('rrp', 'The RRP is the price new: not below the price.');
  }

  const statusText = squash(fields.status) || 'available';
  const status = (ENTRY_STATUSES as readonly string[]).includes(statusText) ? (statusText as EntryStatus) : null;
  if (!status) problem('status', "Either 'available' or 'coming_soon'.");

  const likelyMatchNote = squash(fields.likely_match_note);
  if (likelyMatchNote.length > NOTE_MAX_LENGTH) problem('likely_match_note', `At most ${NOTE_MAX_LENGTH} characters.`);

  const fitments: FitmentDraft[] = [];
  const given = typeof fields.fitments === 'string' ? parseFitmentsCell(fields.fitments) : (fields.fitments ?? []);
  if (typeof given === 'string') problem('fitments', given);
  else if (given.length > FITMENTS_MAX) problem('fitments', `At most ${FITMENTS_MAX} fitments.`);
  else if (make) {
    given.forEach((fitment, index) => {
      const at = (field: string) => `fitments.${index}.${field}`;
      const from = wholeNumber(fitment.year_from);
      const to = wholeNumber(fitment.year_to);
      const found = findModel(reference, make.id, fitment.model, from);
      if (typeof found === 'string') problem(at('model'), found);
      if (from === null || from < FIRST_YEAR || from > reference.thisYear) problem(at('year_from'), `A year from ${FIRST_YEAR} to ${reference.thisYear}.`);
      if (to === null || to < FIRST_YEAR || to > reference.thisYear) problem(at('year_to'), `A year from ${FIRST_YEAR} to ${reference.thisYear}.`);
      else if (from !== null && to < from) problem(at('year_to'), 'Not before the first year.');
      const code = squash(fitment.engine_code).toUpperCase();
      if (code.length > ENGINE_CODE_MAX_LENGTH || (code !== '' && !/^[A-Z0-9-]+$/.test(code))) problem(at('engine_code'), 'Letters, digits and dashes, at most 20.');
      const levelText = squash(fitment.level);
      const level = levelText === '' ? (code === '' ? 2 : 1) : Number(levelText);
      if (level !== 1 && level !== 2 && level !== 3) problem(at('level'), '1 (exact), 2 (likely) or 3 (check before buying).');
      if (typeof found !== 'string' && from !== null && to !== null && (level === 1 || level === 2 || level === 3)) {
        fitments.push({ modelId: found.id, yearFrom: from, yearTo: to, engineCode: code === '' ? null : code, level });
      }
    });
  }

  const packageText = squash(fields.package_type).toUpperCase().replace(/[\s-]+/g, '_');
  const packageType = packageText === '' ? null : (PACKAGE_TYPES.find((type) => type === packageText) ?? null);
  if (packageText !== '' && packageType === null) problem('package_type', `One of ${PACKAGE_TYPES.join(', ')}, or empty for the part type's.`);

  const partWarranties = checkWarranties(fields, reference, problem);

  if (Object.keys(errors).length > 0 || !partType || !make || !model || year === null || priceNet === null || !status) return { ok: false, errors };
  if (fitments.length === 0) fitments.push({ modelId: model.id, yearFrom: year, yearTo: year, engineCode: null, level: 2 });
  return {
    ok: true,
    part: {
      tag,
      stockNumber,
      partTypeId: partType.id,
      partName: partType.externalName,
      makeId: make.id,
      modelId: model.id,
      year,
      engineCode,
      description,
      oemNumbers,
      oemNormalised: partNumberKey(oemNumbers[0] ?? ''),
      grade,
      priceNet,
      rrpNet,
      status,
      likelyMatchNote,
      fitments,
      packageType,
      warranties: partWarranties,
    },
  };
}

/** At most this many warranties of its own on one part: the shop offers a handful. */
export const PART_WARRANTIES_MAX = 10;

/**
 * A part's own warranties: each a warranty of the shop, none twice, and one preselected (the one
 * named by default_warranty, else the first listed). Empty: the part type's.
 */
function checkWarranties(fields: PartFields, reference: StockReference, problem: (field: string, message: string) => void): PartWarrantyDraft[] {
  const given = typeof fields.warranties === 'string' ? fields.warranties.split(';') : (fields.warranties ?? []);
  const entries = given.map((entry) => (typeof entry === 'number' ? entry : entry.trim())).filter((entry) => entry !== '');
  const defaultText = squash(fields.default_warranty);
  if (entries.length === 0) {
    if (defaultText !== '') problem('default_warranty', 'Choose the warranties the part offers first.');
    return [];
  }
  if (entries.length > PART_WARRANTIES_MAX) {
    problem('warranties', `At most ${PART_WARRANTIES_MAX} warranties.`);
    return [];
  }
  const ids: number[] = [];
  for (const entry of entries) {
    const found = byIdOrName(reference.warranties, entry, (warranty) => [warranty.name])[0];
    if (!found) problem('warranties', `'${entry}' is not a warranty of the shop.`);
    else if (ids.includes(found.id)) problem('warranties', `'${found.name}' is listed twice.`);
    else ids.push(found.id);
  }
  let defaultId = ids[0];
  if (defaultText !== '') {
    const chosen = byIdOrName(reference.warranties, fields.default_warranty ?? '', (warranty) => [warranty.name])[0];
    if (!chosen || !ids.includes(chosen.id)) problem('default_warranty', 'Preselect one of the warranties the part offers.');
    else defaultId = chosen.id;
  }
  return ids.map((warrantyId) => ({ warrantyId, isDefault: warrantyId === defaultId }));
}

/** SPEC §3 AdditionalInfo of a part entered by staff: the titles Fits, Make, Model and OEM. */
export function additionalInfoOf(part: PartDraft, names: { make: string; models: ReadonlyMap<number, ReferenceModel> }): { Title: string; Value: string }[] {
  const fits = part.fitments
    .map((fitment) => {
      const model = names.models.get(fitment.modelId);
      const years = fitment.yearFrom === fitment.yearTo ? `${fitment.yearFrom}` : `${fitment.yearFrom}–${fitment.yearTo}`;
      return `${names.make} ${model ? modelLabelOf(model) : ''} ${years}${fitment.engineCode ? ` (${fitment.engineCode})` : ''}`.replace(/\s+/g, ' ');
    })
    .join('; ');
  const model = names.models.get(part.modelId);
  return [
    { Title: 'Fits', Value: fits },
    { Title: 'Make', Value: names.make },
    { Title: 'Model', Value: model?.name ?? '' },
    { Title: 'OEM', Value: part.oemNumbers.join(', ') },
  ];
}
