/**
 * Search rules of SPEC §2 and §5 that the home page runs at start: the search mode, the /categories
 * query and the search forms' checks. The listing calls' parameters are in search-params.ts and
 * the results' breadcrumbs in search-breadcrumbs.ts, so the first download carries neither.
 */
import type { MessageKey } from './messages';
import { cleanPartNumber, cleanVrn, isValidPartNumber } from './vehicle-numbers';

export type SearchMode = 'vrn' | 'oem' | 'make-model';

/** SPEC §5: the earliest year offered by the make/model search. */
export const FIRST_YEAR = 1980;

export function hasText(value: unknown): boolean {
  return (typeof value === 'string' || typeof value === 'number') && String(value).trim() !== '';
}

/**
 * SPEC §2: the mode of a search, vrn if a registration is present, else oem if a part number is
 * present, else make-model.
 */
export function searchMode(query: { vrn?: string | null; oem?: string | null }): SearchMode {
  if (hasText(query.vrn)) return 'vrn';
  if (hasText(query.oem)) return 'oem';
  return 'make-model';
}

/** A part type as the search forms hold it: the selected row, or its ID. */
export type PartTypeChoice = { ID: number | string } | number | string | null | undefined;

export function partTypeId(value: unknown): number | undefined {
  const raw = typeof value === 'object' && value !== null && 'ID' in value ? value.ID : value;
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * A donor vehicle's stock number ('STK-012001'): letters, digits and dashes, at most 30, the rule
 * the part-search call checks (src/contract/catalogue.ts).
 */
export const STOCK_NUMBER_PATTERN = /^[A-Za-z0-9-]{1,30}$/;

/** SPEC §2 query of /categories as the page holds it. */
export interface CategoriesSearch {
  year?: number | undefined;
  make?: string | undefined;
  model?: string | undefined;
  partType?: number | undefined;
  oem?: string | undefined;
  vrn?: string | undefined;
  searchId?: string | undefined;
  stock?: string | undefined;
}

/** A whole number in [min, max] read from a URL value (as Number() reads it), else undefined. */
function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** Text or a finite number, cleaned; undefined when that leaves nothing or it does not match `pattern`. */
function optionalText(clean: (value: string) => string, pattern = /./) {
  return (value: unknown): string | undefined => {
    if (typeof value !== 'string' && (typeof value !== 'number' || !Number.isFinite(value))) return undefined;
    const cleaned = clean(String(value));
    return cleaned.length > 0 && pattern.test(cleaned) ? cleaned : undefined;
  };
}

const categoriesFields: { [K in keyof CategoriesSearch]-?: (value: unknown) => CategoriesSearch[K] } = {
  year: (value) => wholeNumber(value, FIRST_YEAR, 9999),
  make: optionalText((value) => value.trim().toUpperCase()),
  model: optionalText((value) => value.trim()),
  partType: (value) => wholeNumber(value, 1, Number.MAX_VALUE),
  oem: optionalText(cleanPartNumber),
  vrn: optionalText(cleanVrn),
  searchId: optionalText((value) => value.trim()),
  stock: optionalText((value) => value.trim(), STOCK_NUMBER_PATTERN),
};

/**
 * SPEC §2 query of /categories: year, make (upper-cased), model, partType (the ID, above 0), oem
 * (trimmed, upper-cased), vrn (cleaned, at most 10 characters), searchId and stock (a donor
 * vehicle's stock number: the parts taken off that car). A bad value becomes undefined instead of
 * failing, so a mangled URL still shows a page; other keys are dropped. Written without zod: it is
 * the /categories route's validateSearch, which the router runs for every page, the home page too.
 */
export const categoriesSearchSchema = {
  parse(input: Readonly<Record<string, unknown>>): CategoriesSearch {
    const search: CategoriesSearch = {};
    for (const key of Object.keys(categoriesFields) as (keyof CategoriesSearch)[]) {
      if (key in input) (search as Record<string, unknown>)[key] = categoriesFields[key](input[key]);
    }
    return search;
  },
};

export interface CategoriesSearchInput {
  year?: number | string | null;
  make?: string | null;
  model?: string | number | null;
  partType?: PartTypeChoice;
  oem?: string | null;
  vrn?: string | null;
  searchId?: string | number | null;
  stock?: string | number | null;
}

/**
 * SPEC §2: the /categories query a search form navigates to, cleaned by
 * {@link categoriesSearchSchema}, with the selected part type reduced to its ID and empty values
 * left out of the object (and so out of the URL).
 */
export function categoriesSearch(values: CategoriesSearchInput): CategoriesSearch {
  const parsed = categoriesSearchSchema.parse({
    ...values,
    partType: partTypeId(values.partType),
  });
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as CategoriesSearch;
}

export interface SearchProblem {
  field: 'make' | 'model' | 'partType' | 'oem' | 'vrn';
  key: MessageKey;
  /** SPEC §5 shows some as an info notice and others as a warning. */
  level: 'info' | 'warning';
}

/** A choice was made: an id above 0, or a name other than '0'. */
export function chosen(value: string | number | null | undefined): boolean {
  if (typeof value === 'number') return value > 0;
  return typeof value === 'string' && value.trim() !== '' && value.trim() !== '0';
}

/**
 * SPEC §5 make/model search: make, model (an id above 0 or a name) and part type are required;
 * each missing one is flagged with its warning, and the form as a whole shows filters.fill_form.
 */
export function makeModelSearchProblems(form: {
  make?: string | null;
  model?: string | number | null;
  partType?: PartTypeChoice;
}): SearchProblem[] {
  const problems: SearchProblem[] = [];
  if (!chosen(form.make)) problems.push({ field: 'make', key: 'filters.required_make', level: 'warning' });
  if (!chosen(form.model)) problems.push({ field: 'model', key: 'filters.required_model', level: 'warning' });
  if (partTypeId(form.partType) === undefined) {
    problems.push({ field: 'partType', key: 'filters.required_part_type', level: 'warning' });
  }
  return problems;
}

/**
 * SPEC §5 part number search: empty gives the info filters.vrn_oem; 2 characters or fewer the
 * warning filters.required_oem (with the hint 'Min 3 chars'); else null.
 */
export function partNumberSearchProblem(oem: string | null | undefined): SearchProblem | null {
  const cleaned = cleanPartNumber(oem ?? '');
  if (cleaned === '') return { field: 'oem', key: 'filters.vrn_oem', level: 'info' };
  if (!isValidPartNumber(cleaned)) return { field: 'oem', key: 'filters.required_oem', level: 'warning' };
  return null;
}

/**
 * SPEC §5 registration search, checked in order: a registration (info filters.vrn_put_vrn), then a
 * part type (filters.vrn_select_part_type), then, when the server offered models for the
 * registration, a model (filters.vrn_select_model).
 */
export function registrationSearchProblem(form: {
  vrn?: string | null;
  partType?: PartTypeChoice;
  modelsOffered?: boolean;
  model?: string | number | null;
}): SearchProblem | null {
  if (cleanVrn(form.vrn ?? '') === '') return { field: 'vrn', key: 'filters.vrn_put_vrn', level: 'info' };
  if (partTypeId(form.partType) === undefined) {
    return { field: 'partType', key: 'filters.vrn_select_part_type', level: 'info' };
  }
  if (form.modelsOffered && !chosen(form.model)) {
    return { field: 'model', key: 'filters.vrn_select_model', level: 'info' };
  }
  return null;
}

/** SPEC §9: searches other than by registration return at most 25 results. */
export const SEARCH_RESULT_LIMIT = 25;
