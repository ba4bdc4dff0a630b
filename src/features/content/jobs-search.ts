/**
 * The query string of /jobs (SPEC §2 'Job listing'): the chosen job category, location, keyword,
 * sort direction and page. Read without zod: every route's validateSearch is in the first
 * download. A bad value is dropped instead of breaking the page, and defaults stay out of the URL,
 * so /jobs is all jobs, most recent first, page 1.
 */
/** Longest keyword kept from a URL (the API's JOB_KEYWORD_MAX). */
export const JOBS_TEXT_MAX = 100;
/** Highest page a URL may ask for. */
const PAGE_MAX = 10_000;

export type JobsDirection = 'ASC' | 'DESC';

/**
 * SPEC §9: jobs are sorted by created date, newest first by default. The two choices carry the
 * spec's labels; 'Most recent' is the newest first (as on the account's part requests), not the
 * spec's literal 'created asc', which would show the oldest first under that label.
 */
export const JOB_SORT_CHOICES = [
  { direction: 'DESC', label: 'Most recent' },
  { direction: 'ASC', label: 'Oldest first' },
] as const satisfies readonly { direction: JobsDirection; label: string }[];

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
  const cleaned = String(value).replace(/\s+/g, ' ').trim().slice(0, JOBS_TEXT_MAX).trim();
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

/** What the job list call is asked for a search: every default filled in (SPEC §9: created, newest first). */
export interface JobListParams {
  page: number;
  sort: 'created';
  direction: JobsDirection;
  category?: number | undefined;
  location?: number | undefined;
  keyword?: string | undefined;
}

/** The query of GET /jobs/list.json (src/contract/jobs.ts; the page size is the server's, SPEC §9's 3). */
export function jobListParams(search: JobsSearch): JobListParams {
  return {
    page: search.page ?? 1,
    sort: 'created',
    direction: search.direction ?? 'DESC',
    category: search.category,
    location: search.location,
    keyword: search.keyword,
  };
}

/** The filters a person changes on the page; any change starts again from page 1. */
export type JobFilters = Omit<JobsSearch, 'page'>;

/** The search a new set of filters stands for: back to page 1, defaults left out. */
export function searchForFilters(filters: JobFilters): JobsSearch {
  return jobsSearch({ ...filters });
}

/** Whether two searches ask for the same list. */
export function sameJobsSearch(a: JobsSearch, b: JobsSearch): boolean {
  return a.category === b.category && a.location === b.location && a.keyword === b.keyword && a.direction === b.direction && a.page === b.page;
}
