/**
 * New-stock alerts (issue 17; designed here). A member's alert watches a saved search, a garage
 * vehicle, or a make, model and year alone ('tell me when a 2012 Ford Focus arrives for
 * breaking', offered on the no-results screen too). When parts it finds arrive (added, or back
 * on sale) the member is told once per part by e-mail and, with `push` and a subscribed device
 * (src/contract/push.ts), by a push notification that opens the part page; at most one message
 * per alert per hour, grouping the parts that arrived meanwhile. Matching runs in the background.
 *
 * The mail's unsubscribe link (/alerts/unsubscribe/{token}, a small page of the server) needs no
 * sign-in: the token is signed (HMAC) and names the alert. The two token calls below serve a
 * later page of the app.
 *
 * Member calls answer the signed-in member's own alerts only: 401 signed out, 404 another
 * member's alert, saved search or vehicle, 403 without the CSRF token, 422 naming bad fields.
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';
import { idField, idParam, makeField, modelField, yearField } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

export const alertSchema = lazySchema(() => z.object({
  id: z.int(),
  kind: z.enum(['search', 'vehicle']),
  label: z.string(),
  saved_search_id: z.nullable(z.int()),
  garage_vehicle_id: z.nullable(z.int()),
  /** A vehicle alert of its own: what it watches. */
  vehicle: z.nullable(z.object({ make: z.string(), model: z.nullable(z.string()), year: z.nullable(z.int()) })),
  push: z.boolean(),
  created: z.string(),
  last_message: z.nullable(z.string()),
}));
export type Alert = z.infer<typeof alertSchema>;

/** GET /alerts/getList.json — the member's alerts, newest first. */
export const getAlerts = defineCall({
  method: 'GET',
  path: '/alerts/getList.json',
  summary: "The signed-in member's new-stock alerts",
  response: lazySchema(() => success({ records: z.array(alertSchema) })),
});

/**
 * POST /alerts/create — exactly one of {saved_search_id}, {garage_vehicle_id} or {vehicle:
 * {make, model?, year?}}; `push` (default true) also pushes to the member's devices. A saved
 * search or vehicle that already has an alert answers that alert. At most 50 alerts (409 beyond).
 */
export const createAlert = defineCall({
  method: 'POST',
  path: '/alerts/create',
  summary: 'Create a new-stock alert',
  body: lazySchema(() => z
    .object({
      saved_search_id: z.optional(idField),
      garage_vehicle_id: z.optional(idField),
      vehicle: z.optional(z.object({ make: makeField, model: z.optional(modelField), year: z.optional(yearField) })),
      push: z.optional(z.boolean()),
    })
    .check(
      z.refine((b) => [b.saved_search_id, b.garage_vehicle_id, b.vehicle].filter((v) => v !== undefined).length === 1, {
        error: 'Choose a saved search, a garage vehicle or a vehicle.',
        path: ['saved_search_id'],
      }),
    )),
  response: lazySchema(() => success({ alert: alertSchema })),
});

/** PATCH /alerts/{id} {push} — turns its push notifications on or off (the e-mail always goes). */
export const updateAlert = defineCall({
  method: 'PATCH',
  path: '/alerts/:id',
  summary: 'Turn push notifications of an alert on or off',
  params: lazySchema(() => z.object({ id: idParam })),
  body: lazySchema(() => z.object({ push: z.boolean() })),
  response: lazySchema(() => success({ alert: alertSchema })),
});

/** DELETE /alerts/{id} — stops it. */
export const deleteAlert = defineCall({
  method: 'DELETE',
  path: '/alerts/:id',
  summary: 'Delete an alert',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ msg: z.string() })),
});

const tokenParam = lazySchema(() => z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{10,200}$/, 'Not an unsubscribe link of this shop.')) }));

/** GET /alerts/unsubscribe/{token}.json — what the mail's link would stop (no sign-in); 404 once stopped or for a forged token. */
export const getUnsubscribe = defineCall({
  method: 'GET',
  path: '/alerts/unsubscribe/:token.json',
  summary: "The alert an e-mail's unsubscribe link names",
  params: tokenParam,
  response: lazySchema(() => success({ label: z.string() })),
});

/** POST /alerts/unsubscribe/{token} — stops that alert; no sign-in and no CSRF token (the signed token is the authority). */
export const postUnsubscribe = defineCall({
  method: 'POST',
  path: '/alerts/unsubscribe/:token',
  summary: "Stop an alert from its e-mail's link",
  params: tokenParam,
  response: lazySchema(() => success({ msg: z.string() })),
});
