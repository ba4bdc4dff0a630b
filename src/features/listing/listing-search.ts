/**
 * The query string of a listing (SPEC §2): categories, badges and attribute as comma-separated
 * ids, price_from and price_to in pence (gross, as prices are shown), sort and direction as two
 * keys, and page: how many pages the visitor has loaded, so a reload, a shared link or Back shows
 * as much as before. A bad value falls back to its default instead of breaking the page.
 */
export const SORT_FIELDS = ['id', 'price', 'created', 'name'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type Direction = 'ASC' | 'DESC';

/**
 * Comma-separated positive ids, sorted and without repeats, or absent. A single id is kept as a
 * number: the router writes a string that reads as a number in quotes ('"1"'), so the URL then
 * says badges=1, and badges=1,3 for two.
 */
function idList(value: unknown): string | number | undefined {
  if (typeof value !== 'string' && (typeof value !== 'number' || !Number.isFinite(value))) return undefined;
  const ids = [...new Set(String(value).split(',').map(Number))].filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return undefined;
  return ids.length === 1 ? ids[0] : ids.sort((a, b) => a - b).join(',');
}

/** A whole number in [min, max] read from a URL value (as Number() reads it), else undefined. */
function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
}

function oneOf<T extends string>(choices: readonly T[]) {
  return (value: unknown): T | undefined => choices.find((choice) => choice === value);
}

export interface ListingSearch {
  categories?: string | number | undefined;
  badges?: string | number | undefined;
  attribute?: string | number | undefined;
  /** Pence, gross. */
  price_from?: number | undefined;
  price_to?: number | undefined;
  sort?: SortField | undefined;
  direction?: Direction | undefined;
  /** How many pages the visitor has loaded, 1 to 500. */
  page?: number | undefined;
}

const listingFields: { [K in keyof ListingSearch]-?: (value: unknown) => ListingSearch[K] } = {
  categories: idList,
  badges: idList,
  attribute: idList,
  price_from: (value) => wholeNumber(value, 0, Number.MAX_SAFE_INTEGER),
  price_to: (value) => wholeNumber(value, 0, Number.MAX_SAFE_INTEGER),
  sort: oneOf(SORT_FIELDS),
  direction: oneOf(['ASC', 'DESC'] as const),
  page: (value) => wholeNumber(value, 1, 500),
};

/**
 * The listing routes' validateSearch: each key read by its rule above (a bad value becomes
 * undefined), other keys dropped. Written without zod: the router holds every route's
 * validateSearch from the start, so a schema library here would be in the home page's download.
 */
export const listingSearchSchema = {
  parse(input: Readonly<Record<string, unknown>>): ListingSearch {
    const search: ListingSearch = {};
    for (const key of Object.keys(listingFields) as (keyof ListingSearch)[]) {
      if (key in input) (search as Record<string, unknown>)[key] = listingFields[key](input[key]);
    }
    return search;
  },
};

/** The listing's id in its path (/category/101, /badge/1), a number to the route. */
export const listingParams = {
  parse: ({ id }: { id: string }) => ({ id: Number(id) }),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

/** An id list as the URL holds it: one id, or several comma-separated. */
export type IdList = string | number;

/** What the listing call is asked (everything but the page). */
export interface ListingFilters {
  categories?: IdList | undefined;
  badges?: IdList | undefined;
  attribute?: IdList | undefined;
  price_from?: number | undefined;
  price_to?: number | undefined;
  sort: SortField;
  direction: Direction;
}

/** SPEC §3 listing defaults: sort id, direction DESC. */
export function filtersOf(search: ListingSearch): ListingFilters {
  // The API refuses From above To; such a pair is read as the other way round.
  const swap = search.price_from !== undefined && search.price_to !== undefined && search.price_from > search.price_to;
  return {
    categories: search.categories,
    badges: search.badges,
    attribute: search.attribute,
    price_from: swap ? search.price_to : search.price_from,
    price_to: swap ? search.price_from : search.price_to,
    sort: search.sort ?? 'id',
    direction: search.direction ?? 'DESC',
  };
}
