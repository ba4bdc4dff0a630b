/**
 * SPEC §2, §3: the search parameters of the listing and search calls as the API is sent them, and
 * the sort's two spellings. Apart from search.ts (the forms' checks and the /categories query,
 * which the home page runs) because it needs the London calendar of dates.ts.
 */
import { isCalendarDate, londonDate } from './dates';
import { hasText, partTypeId } from './search';

/** SPEC §3: the listing defaults applied when a request leaves them out. */
export const LISTING_DEFAULTS = { page: 1, count: 0, limit: 12, sort: 'id', direction: 'DESC' } as const;

export type SortDirection = 'ASC' | 'DESC';

export type SearchParamValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | { ID: number | string }
  | readonly (string | number | null | undefined)[];

/** 'YYYY-MM-DD' for the from/to filters: a Date is read on London's calendar. */
function filterDate(value: SearchParamValue): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : londonDate(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (isCalendarDate(trimmed.slice(0, 10))) return trimmed.slice(0, 10);
  // SPEC §9 picker format DD-MM-YYYY HH:mm.
  const picker = /^(\d{2})-(\d{2})-(\d{4})(?: \d{2}:\d{2})?$/.exec(trimmed);
  const date = picker ? `${picker[3]}-${picker[2]}-${picker[1]}` : undefined;
  return date && isCalendarDate(date) ? date : undefined;
}

function plainValue(value: SearchParamValue): string | undefined {
  if (value === null || value === undefined || value === false) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (Array.isArray(value)) {
    const items = value.filter(hasText).map((item) => String(item));
    return items.length > 0 ? items.join(',') : undefined;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'object') return undefined;
  const text = String(value);
  return text.trim() === '' ? undefined : text;
}

/**
 * SPEC §3 search parameters of the listing and search calls: searchID is dropped; partType, as
 * the selected row or an id, becomes the id when above 0 (else it is left out); from and to
 * become 'YYYY-MM-DD' (a Date read on London's calendar, the picker's DD-MM-YYYY converted,
 * anything unreadable left out); arrays are comma-joined; empty values (undefined, null, '',
 * whitespace, false, empty arrays) are left out but 0 and '0' are kept; everything else as is.
 *
 * The listing defaults (page 1, limit 12, sort id, direction DESC) fill in whatever is missing and
 * are always in the output, so every request states its paging and the server and the client
 * cache agree on what was asked. Keys come out sorted, so equal searches give equal query strings.
 */
export function serializeSearchParams(
  params: Readonly<Record<string, SearchParamValue>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'searchID') continue;
    let serialized: string | undefined;
    if (key === 'partType') {
      const id = partTypeId(value);
      serialized = id === undefined ? undefined : String(id);
    } else if (key === 'from' || key === 'to') {
      serialized = filterDate(value);
    } else {
      serialized = plainValue(value);
    }
    if (serialized !== undefined) out[key] = serialized;
  }
  out.page ??= String(LISTING_DEFAULTS.page);
  out.limit ??= String(LISTING_DEFAULTS.limit);
  out.sort ??= LISTING_DEFAULTS.sort;
  out.direction ??= LISTING_DEFAULTS.direction;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * SPEC §2: sort is held as 'field.direction' and sent as separate sort and direction
 * ('price.ASC' → price, ASC). A missing or unknown direction reads as DESC, the listing default.
 */
export function splitSort(value: string): { sort: string; direction: SortDirection } {
  const dot = value.lastIndexOf('.');
  const field = dot === -1 ? value : value.slice(0, dot);
  const direction = dot === -1 ? '' : value.slice(dot + 1).toUpperCase();
  return {
    sort: field.trim() === '' ? LISTING_DEFAULTS.sort : field,
    direction: direction === 'ASC' ? 'ASC' : 'DESC',
  };
}

/** SPEC §2: the internal 'field.direction' form of a sort. */
export function joinSort(sort: string, direction: SortDirection): string {
  return `${sort}.${direction}`;
}

