/**
 * The query string of /jobs (SPEC §2 'Job listing'): the chosen job category, location, keyword,
 * sort direction and page. Read without zod, and apart from the page's other rules
 * (jobs-search.ts): every route's validateSearch is in the home page's first download. A bad
 * value is dropped instead of breaking the page, and defaults stay out of the URL, so /jobs is all
 * jobs, newest first, page 1.
 */

/** Longest keyword kept from a URL (the API's JOB_KEYWORD_MAX). */
export const JOBS_TEXT_MAX = 100;
/** Highest page a URL may ask for. */
const PAGE_MAX = 10_000;

export type JobsDirection = 'ASC' | 'DESC';

export interface JobsSearch {
  /** A job category's id (GET /job-categories/list.json). */
  category?: number | undefined;
  /** A location's id (GET /jobs/locations.json). */
  location?: number | undefined;
  keyword?: string | undefined;
  /** Only 'ASC' is written: DESC is the default. */
  direction?: 'ASC' | undefined;
  /** Only pages after the first are written. */
  page?: number | undefined;
}

/** A URL value as text: the router reads '123' as a number and '"x"' as a string. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return undefined;
  // Control characters are never part of a search (the API refuses them): they count as spaces.
  const cleaned = String(value).replace(/[\p{Cc}\s]+/gu, ' ').trim().slice(0, JOBS_TEXT_MAX).trim();
  return cleaned === '' ? undefined : cleaned;
}

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'string' && !/^\s*\d+\s*$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
}

/** The /jobs route's validateSearch: known keys read by their rules, the rest dropped. */
export function jobsSearch(input: Readonly<Record<string, unknown>>): JobsSearch {
  const search: JobsSearch = {};
  const category = wholeNumber(input.category, 1, Number.MAX_SAFE_INTEGER);
  if (category !== undefined) search.category = category;
  const location = wholeNumber(input.location, 1, Number.MAX_SAFE_INTEGER);
  if (location !== undefined) search.location = location;
  const keyword = text(input.keyword);
  if (keyword !== undefined) search.keyword = keyword;
  if (input.direction === 'ASC') search.direction = 'ASC';
  const page = wholeNumber(input.page, 2, PAGE_MAX);
  if (page !== undefined) search.page = page;
  return search;
}
