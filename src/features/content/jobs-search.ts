/**
 * The rules of the /jobs page beyond reading its URL (jobs-url.ts): the sort's two choices, the
 * list call a search stands for, and what a change of filters does.
 */
import { jobsSearch, type JobsDirection, type JobsSearch } from './jobs-url';

/**
 * SPEC §9: jobs are sorted by created date, newest first by default. The two choices carry the
 * spec's labels; 'Most recent' is the newest first (as on the account's part requests), not the
 * spec's literal 'created asc', which would show the oldest first under that label.
 */
export const JOB_SORT_CHOICES = [
  { direction: 'DESC', label: 'Most recent' },
  { direction: 'ASC', label: 'Oldest first' },
] as const satisfies readonly { direction: JobsDirection; label: string }[];

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
