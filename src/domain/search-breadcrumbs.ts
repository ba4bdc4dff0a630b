/**
 * SPEC §2, §9: the search results' breadcrumbs and their count. Apart from search.ts (the forms'
 * checks, which the home page runs at start) as only the results page needs them.
 */
import { t } from './messages';
import './messages-more';
import { chosen, hasText, SEARCH_RESULT_LIMIT, type SearchMode } from './search';

/**
 * SPEC §2, §9: the listing is flagged 'more than' once more than 24 items return (the search
 * stops at 25, so 25 means there may be more).
 */
export function isMoreThanLimit(count: number): boolean {
  return count > SEARCH_RESULT_LIMIT - 1;
}

/** The car a registration search found, spelt as SPEC §3 spells it. */
export interface SearchCar {
  Make?: string | null;
  Model?: string | null;
  Year?: string | number | null;
  Style?: string | null;
  Transmssion?: string | null;
  Gears?: string | number | null;
  EngineCode?: string | null;
}

export interface BreadcrumbData {
  oem?: string | null;
  year?: string | number | null;
  make?: string | null;
  model?: string | null;
  /** The part type's display name. */
  partType?: string | null;
  /** The donor vehicle's stock number of a search for the parts taken off one car. */
  stock?: string | null;
  car?: SearchCar | null;
  /** Items returned; the count is left off the last crumb while it is unknown. */
  count?: number | null;
}

export interface Breadcrumb {
  label: string;
}

function countText(count: number): string {
  if (isMoreThanLimit(count)) return t('breadcrumbs.results_more');
  return count === 1 ? t('breadcrumbs.result_one') : t('breadcrumbs.results', { count });
}

/**
 * SPEC §2 breadcrumbs per mode: oem, the part-number-search label and the part number; vrn, the
 * registration-search label, then year, make, model, style, transmission, gears with 'SPEED',
 * engine code and part type (from the car found, with the query's year, make and model standing
 * in); make-model, a year label ('Year 2015', or 'All years'), then make, model and part type,
 * and for the parts of one donor vehicle its stock number. Empty values leave no crumb. The last crumb carries the result count, 'more than 25 results' once
 * more than 24 items return.
 */
export function breadcrumbs(mode: SearchMode, data: BreadcrumbData): Breadcrumb[] {
  const car = data.car ?? {};
  let labels: (string | number | null | undefined)[];
  if (mode === 'oem') {
    labels = [t('breadcrumbs.oem'), data.oem];
  } else if (mode === 'vrn') {
    const gears = car.Gears;
    labels = [
      t('breadcrumbs.vrn'),
      car.Year ?? data.year,
      car.Make ?? data.make,
      car.Model ?? data.model,
      car.Style,
      car.Transmssion,
      chosen(gears) ? t('breadcrumbs.gears', { gears: String(gears).trim() }) : undefined,
      car.EngineCode,
      data.partType,
    ];
  } else {
    labels = [
      hasText(data.year) ? t('breadcrumbs.year', { year: String(data.year).trim() }) : t('breadcrumbs.all_years'),
      data.make,
      data.model,
      data.partType,
      hasText(data.stock) ? t('breadcrumbs.stock', { stock: String(data.stock).trim() }) : undefined,
    ];
  }
  const crumbs = labels.filter(hasText).map((label) => ({ label: String(label).trim() }));
  const last = crumbs.at(-1);
  if (last && typeof data.count === 'number' && Number.isFinite(data.count)) {
    last.label = `${last.label} (${countText(data.count)})`;
  }
  return crumbs;
}
