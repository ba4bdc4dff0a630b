/**
 * The jobs section's calls (SPEC §2 'Jobs and blog', §3 Job, §7, §8, §9): the listing with its
 * category side list, location select, keyword search, sort and paginator; the featured block; one
 * job's page; and the application form with a CV.
 *
 * What SPEC leaves open and is designed here:
 * - Filters: `category` and `location` are ids from GET /job-categories/list.json and GET
 *   /jobs/locations.json (no value, or 0, is 'all'); `keyword` (at most 100 characters) matches
 *   the title or the description, case-insensitively, every word of it.
 * - Sort: SPEC §9's two labels, 'Most recent' and 'Oldest first'. §9 pairs them the other way
 *   round ('as labelled'); the shop pairs each with what it says, as the account's part requests
 *   do, since the default order (created descending, SPEC §9) would otherwise be labelled
 *   'Oldest first': 'Most recent' = `direction=DESC`, 'Oldest first' = `direction=ASC`; `sort` is
 *   always `created`. Ties go by id in the same direction.
 *   {@link JOB_SORT_OPTIONS} carries the labels and their query values for the select.
 * - Page size is fixed at 3 (SPEC §9); a page past the end answers no items, with `requestedPage`.
 * - `msg` is '' when there are items and the 'no jobs' text when there are none (the screen may
 *   show its own).
 * - A job's `salary` is the text the shop writes ('£27,500 – £31,000 a year'), or null when the
 *   advert gives none; `salary_from` and `salary_to` are whole pounds a year (null when not
 *   given), for the card's shortened figures (SPEC §9 'salary values shortened to 3 characters':
 *   src/domain decides how). `location` is the location's name, `location_id` its id.
 *   `job_sector.name` is what the card shows as 'reporting to'. `created` and `expires` are ISO
 *   date-times; `pretty_created` is SPEC §4's pretty date in London time.
 * - A job whose `expires` has passed (by the shop's clock) leaves every list, and its page and
 *   its application answer 404 'This job is no longer open.'
 * - Featured: up to {@link FEATURED_JOBS_MAX} open jobs the shop marks featured, newest first.
 * - One job: GET /jobs/get/{id}.json with `description_html` (the whole advert, sanitised HTML)
 *   and `how_to_apply` (sanitised HTML).
 * - The application: POST /jobs/apply/{id}.json, multipart/form-data (see {@link applyForJob}).
 */
import * as z from 'zod/mini';
import { PAGE_SIZE } from '../domain/paginator';
import { paginatorSchema } from './catalogue';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

const MAX_INTEGER = 2_147_483_647;
const noControlCharacters = z.refine<string>((s) => !/\p{Cc}/u.test(s), 'Letters, digits and punctuation only.');
const wholeNumber = lazySchema(() => z.coerce.number({ error: 'Must be a number.' }).check(z.refine(Number.isInteger, 'Must be a whole number.')));
const optionalId = lazySchema(() => z.optional(wholeNumber.check(z.gte(0, 'Must be 0 or more.'), z.lte(MAX_INTEGER, 'Too large.'))));
const idParam = lazySchema(() => wholeNumber.check(z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')));

/** SPEC §9: 3 jobs a page. */
export const JOBS_PAGE_SIZE = PAGE_SIZE.jobs;
/** The most jobs the featured block shows. */
export const FEATURED_JOBS_MAX = 3;
/** The longest keyword the search takes. */
export const JOB_KEYWORD_MAX = 100;

/**
 * SPEC §9's sort labels, each with the order it names: 'Most recent' = created descending (the
 * default), 'Oldest first' = created ascending (see the file's comment).
 */
export const JOB_SORT_OPTIONS = [
  { label: 'Most recent', sort: 'created', direction: 'DESC' },
  { label: 'Oldest first', sort: 'created', direction: 'ASC' },
] as const;

/** Query of GET /jobs/list.json. */
export const jobListQuerySchema = lazySchema(() => z.object({
  category: optionalId,
  location: optionalId,
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(JOB_KEYWORD_MAX, `At most ${JOB_KEYWORD_MAX} characters.`), noControlCharacters)),
  sort: z._default(z.enum(['created']), 'created'),
  direction: z._default(z.pipe(z.string().check(z.toUpperCase()), z.enum(['ASC', 'DESC'])), 'DESC'),
  page: z._default(idParam, 1),
}));
export type JobListQuery = z.input<typeof jobListQuerySchema>;

/** SPEC §3 Job, as a card of the listing and the featured block. */
export const jobSchema = lazySchema(() => z.object({
  id: z.int(),
  title: z.string(),
  slug: z.string(),
  /** The role's purpose in a sentence (the card's lead line). */
  purpose: z.string(),
  /** The card's text: the advert's opening, plain text, at most about 300 characters. */
  description: z.string(),
  location: z.string(),
  location_id: z.int(),
  salary: z.nullable(z.string()),
  salary_from: z.nullable(z.int()),
  salary_to: z.nullable(z.int()),
  working_hours: z.string(),
  working_pattern: z.string(),
  job_sector: z.object({ name: z.string() }),
  job_category: z.object({ id: z.int(), name: z.string() }),
  created: z.string(),
  pretty_created: z.string(),
  expires: z.nullable(z.string()),
  featured: z.boolean(),
}));
export type Job = z.infer<typeof jobSchema>;

/** GET /jobs/list.json — a page of open jobs; `msg` is '' unless the page is empty. */
export const listJobs = defineCall({
  method: 'GET',
  path: '/jobs/list.json',
  summary: 'A page of open jobs, filtered and sorted',
  query: jobListQuerySchema,
  response: lazySchema(() => success({ items: z.array(jobSchema), paginator: paginatorSchema, msg: z.string() })),
});

/** GET /jobs/featured.json — the featured open jobs, newest first; `msg` is '' unless there are none. */
export const featuredJobs = defineCall({
  method: 'GET',
  path: '/jobs/featured.json',
  summary: 'The featured open jobs',
  response: lazySchema(() => success({ items: z.array(jobSchema), msg: z.string() })),
});

/** A category of the side list; `count` is how many open jobs it has. */
export const jobCategorySchema = lazySchema(() => z.object({ id: z.int(), name: z.string(), slug: z.string(), count: z.int() }));
export type JobCategory = z.infer<typeof jobCategorySchema>;

/** GET /job-categories/list.json — every category, by name (the screen adds 'All jobs'). */
export const listJobCategories = defineCall({
  method: 'GET',
  path: '/job-categories/list.json',
  summary: 'The job categories',
  response: lazySchema(() => success({ items: z.array(jobCategorySchema) })),
});

export const jobLocationSchema = lazySchema(() => z.object({ id: z.int(), name: z.string() }));
export type JobLocation = z.infer<typeof jobLocationSchema>;

/** GET /jobs/locations.json — every location, by name. */
export const listJobLocations = defineCall({
  method: 'GET',
  path: '/jobs/locations.json',
  summary: 'The job locations',
  response: lazySchema(() => success({ data: z.array(jobLocationSchema) })),
});

/** One job's page: the card's fields plus the whole advert and how to apply (sanitised HTML). */
export const jobDetailSchema = lazySchema(() => z.extend(jobSchema, {
  description_html: z.string(),
  how_to_apply: z.string(),
}));
export type JobDetail = z.infer<typeof jobDetailSchema>;

/** GET /jobs/get/{id}.json — one open job; 404 for an unknown or expired one. */
export const getJob = defineCall({
  method: 'GET',
  path: '/jobs/get/:id.json',
  summary: 'One open job with its whole advert',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ job: jobDetailSchema })),
});

/** The CV's largest size: 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart keys of applyForJob. */
export const JOB_APPLICATION_FIELDS = { name: 'name', email: 'email', phone: 'phone', message: 'message', cv: 'cv' } as const;
export const JOB_APPLICATION_LIMITS = { name: 100, email: 254, phone: 30, message: 4000 } as const;

/**
 * POST /jobs/apply/{id}.json — a multipart/form-data body (not JSON), with the CSRF header as
 * every write. Text parts `name` (required, at most 100 characters), `email` (required, an
 * address), `phone` (required; SPEC §5's rule: digits, spaces, + and -), `message` (optional, at
 * most 4000 characters); one file part `cv` (required): PDF, Word .docx or legacy Word .doc,
 * recognised by its bytes (%PDF-; a zip holding word/document.xml; the OLE compound header),
 * never by its name or declared type; at most {@link CV_MAX_BYTES}. The stored file name keeps
 * the applicant's name with the extension its bytes earned.
 *
 * Answer `{ success: true, msg }`; the application and its CV are stored and the shop is mailed
 * through the mail outbox, in one transaction. The mail names the applicant, the job and the CV
 * (name, type, size, the application's number); the outbox carries no attachments, so the CV
 * stays in the database with the application. Failures store and mail nothing:
 * 404 an unknown or expired job; 422 with `errors` by field name (`cv`: 'Please attach your CV.',
 * 'Your CV must be a PDF or Word document.', 'Your CV must be 5 MB or smaller.'; a body that is
 * not multipart); 403 without the CSRF token; 429 above the public forms' rate.
 */
export const applyForJob = defineCall({
  method: 'POST',
  path: '/jobs/apply/:id.json',
  summary: 'Apply for a job with a CV (multipart/form-data)',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ msg: z.string() })),
});
