/**
 * Saved searches (issue 17; not in SPEC §7, designed here). A member saves any search the shop
 * runs — by registration, part number, or make/model/year and part type, with the listing's price
 * filters — under a name. The account lists them with how many parts match now and how many of
 * those arrived since the member last ran that search; running one answers its own parameters,
 * which the page passes to the normal search call (GET /products/part-search.json), and marks
 * the search viewed. An alert on a saved search is made with POST /alerts/create.
 *
 * Every call answers the signed-in member's own searches only: 401 signed out (or a checkout
 * guest), 404 for another member's search, 403 without the CSRF token on a change, 422 naming the
 * bad fields.
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';
import { idParam, makeField, modelField, penceField, text, vrnField, yearField } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

/**
 * What a saved search searches: part-search's own query (vrn, oem, make, model, year, partType,
 * soldOut) plus the listing's gross price bounds in pence. At least a registration, a part number
 * or a make; a donor vehicle's stock number is not saved (its parts never arrive again).
 */
export const savedSearchParamsSchema = lazySchema(() => z
  .object({
    vrn: z.optional(vrnField),
    oem: z.optional(text(40).check(z.minLength(3, 'Min 3 chars'))),
    make: z.optional(makeField),
    model: z.optional(modelField),
    year: z.optional(yearField),
    partType: z.optional(z.int('Must be a number.').check(z.gte(1, 'Must be 1 or more.'))),
    soldOut: z.optional(z.boolean()),
    price_from: z.optional(penceField),
    price_to: z.optional(penceField),
  })
  .check(
    z.refine((q) => Boolean(q.vrn || q.oem || q.make), { error: 'Enter a registration, a part number or a make.', path: ['vrn'] }),
    z.refine((q) => q.price_from === undefined || q.price_to === undefined || q.price_from <= q.price_to, { error: 'From must not be above To.', path: ['price_from'] }),
  ));
export type SavedSearchParams = z.infer<typeof savedSearchParamsSchema>;

const nameField = lazySchema(() => text(80).check(z.minLength(1, 'Give the search a name.')));

/**
 * One saved search. `matching` is how many available parts it finds now; `new_since_last_view`
 * how many of those arrived (added, or back on sale) after `last_viewed` (every match counts as
 * new before the first run). `alert_id` is its alert, or null.
 */
export const savedSearchSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  params: savedSearchParamsSchema,
  matching: z.int(),
  new_since_last_view: z.int(),
  last_viewed: z.nullable(z.string()),
  created: z.string(),
  alert_id: z.nullable(z.int()),
}));
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /saved-searches/getList.json — the member's saved searches, newest first, with their counts. */
export const getSavedSearches = defineCall({
  method: 'GET',
  path: '/saved-searches/getList.json',
  summary: "The signed-in member's saved searches with parts matching now and new since the last view",
  response: lazySchema(() => success({ records: z.array(savedSearchSchema) })),
});

/**
 * POST /saved-searches/create {name?, params} — saves a search; without a name one is made from
 * what it searches. A registration is looked up now (503 when the lookup is down; an unknown one
 * is still saved and matches nothing). At most 50 per member (409 beyond).
 */
export const createSavedSearch = defineCall({
  method: 'POST',
  path: '/saved-searches/create',
  summary: 'Save a search',
  body: lazySchema(() => z.object({ name: z.optional(nameField), params: savedSearchParamsSchema })),
  response: lazySchema(() => success({ record: savedSearchSchema })),
});

/**
 * POST /saved-searches/{id}/run — the search's own parameters, for the page to run the normal
 * search with, and `search_url` (the results page's address); marks the search viewed, so its
 * new count starts again from now.
 */
export const runSavedSearch = defineCall({
  method: 'POST',
  path: '/saved-searches/:id/run',
  summary: 'Re-run a saved search: its parameters back, marked viewed',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ params: savedSearchParamsSchema, search_url: z.string() })),
});

/** PATCH /saved-searches/{id} {name} — renames it. */
export const renameSavedSearch = defineCall({
  method: 'PATCH',
  path: '/saved-searches/:id',
  summary: 'Rename a saved search',
  params: lazySchema(() => z.object({ id: idParam })),
  body: lazySchema(() => z.object({ name: nameField })),
  response: lazySchema(() => success({ record: savedSearchSchema })),
});

/** DELETE /saved-searches/{id} — deletes it and its alert. */
export const deleteSavedSearch = defineCall({
  method: 'DELETE',
  path: '/saved-searches/:id',
  summary: 'Delete a saved search (and its alert)',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ msg: z.string() })),
});
