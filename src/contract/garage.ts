/**
 * The garage (issue 17; designed here): a member's vehicles, saved by registration (looked up) or
 * by make, model and year; one is the current vehicle, whose fit every listing, search result and
 * part page shows.
 *
 * The saved VRN of SPEC §4 becomes the current vehicle for members: whenever the page saves a
 * VRN (and at sign-in, with the one it kept) it also calls PUT /garage/saved-vrn, which adds the
 * registration to the garage when it is not there and makes it current ('' leaves the garage
 * without a current vehicle, as SPEC §4 clears the saved car). A visitor's call answers 401 and
 * the page keeps the VRN locally only, as before.
 *
 * Fit badges: GET /garage/compatibility.json?tags=… answers the SPEC §4 level of each part for
 * the current vehicle, so the public, kept listing and part answers stay as they are and the page
 * asks once per screen for the Tags it shows.
 *
 * Every call answers the signed-in member's own garage only: 401 signed out (or a checkout guest),
 * 404 for another member's vehicle, 403 without the CSRF token on a change, 422 naming bad fields.
 */
import * as z from 'zod/mini';
import { TAG_PATTERN } from '../domain/validation';
import { compatibilityLevelSchema } from './catalogue';
import { defineCall } from './define';
import { success } from './envelope';
import { idParam, makeField, modelField, vrnField, yearField } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

/** A garage vehicle. `label` is how screens name it ('AB12CDE · 2012 Ford Focus Mk3'). */
export const garageVehicleSchema = lazySchema(() => z.object({
  id: z.int(),
  vrn: z.nullable(z.string()),
  make: z.string(),
  model: z.nullable(z.string()),
  year: z.nullable(z.int()),
  engine_code: z.string(),
  label: z.string(),
  current: z.boolean(),
  /** Its alert, or null. */
  alert_id: z.nullable(z.int()),
  /** For the home page's one-tap search: part-search's parameters for this vehicle. */
  search: z.object({ vrn: z.optional(z.string()), make: z.optional(z.string()), model: z.optional(z.string()), year: z.optional(z.int()) }),
}));
export type GarageVehicle = z.infer<typeof garageVehicleSchema>;

/** GET /garage/getList.json — the member's vehicles, oldest first, and which is current. */
export const getGarage = defineCall({
  method: 'GET',
  path: '/garage/getList.json',
  summary: "The signed-in member's garage",
  response: lazySchema(() => success({ vehicles: z.array(garageVehicleSchema), current_id: z.nullable(z.int()) })),
});

/**
 * POST /garage/add — by registration {vrn} (looked up: 422 on vrn when the lookup does not know
 * it, 503 when it is down) or by {make, model?, year?} (422 on make or model when the catalogue
 * does not hold them). `current` makes it the current vehicle; the first vehicle always is. Adding
 * a registration already in the garage answers that vehicle. At most 20 vehicles (409 beyond).
 */
export const addGarageVehicle = defineCall({
  method: 'POST',
  path: '/garage/add',
  summary: 'Add a vehicle to the garage',
  body: lazySchema(() => z
    .object({
      vrn: z.optional(vrnField),
      make: z.optional(makeField),
      model: z.optional(modelField),
      year: z.optional(yearField),
      current: z.optional(z.boolean()),
    })
    .check(z.refine((b) => Boolean(b.vrn || b.make), { error: 'Enter a registration or choose a make.', path: ['vrn'] }))),
  response: lazySchema(() => success({ vehicle: garageVehicleSchema })),
});

/** DELETE /garage/{id} — removes it (and its alert); when it was current, no vehicle is current. */
export const removeGarageVehicle = defineCall({
  method: 'DELETE',
  path: '/garage/:id',
  summary: 'Remove a vehicle from the garage',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ msg: z.string() })),
});

/** POST /garage/{id}/current — makes it the current vehicle. */
export const setCurrentVehicle = defineCall({
  method: 'POST',
  path: '/garage/:id/current',
  summary: 'Make a garage vehicle the current one',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ vehicle: garageVehicleSchema })),
});

/**
 * PUT /garage/saved-vrn {vrn} — SPEC §4's saved VRN for a member: the registration's garage
 * vehicle (added when new) becomes current; '' leaves no vehicle current. `vehicle` is the
 * current vehicle afterwards, null for ''; an unknown registration is 422 on vrn.
 */
export const putSavedVrn = defineCall({
  method: 'PUT',
  path: '/garage/saved-vrn',
  summary: "Save the member's VRN: it becomes the garage's current vehicle",
  body: lazySchema(() => z.object({ vrn: z.union([z.literal(''), vrnField]) })),
  response: lazySchema(() => success({ vehicle: z.nullable(garageVehicleSchema) })),
});

const tagsParam = lazySchema(() => z.pipe(
  z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}(,[A-Za-z0-9-]{1,40}){0,99}$/, 'Up to 100 Tags, comma-separated.')),
  z.pipe(
    z.transform((s: string) => s.split(',')),
    z.array(z.string().check(z.regex(TAG_PATTERN))),
  ),
));

/**
 * GET /garage/compatibility.json?tags=P1,P2&vehicle= — how each part fits the current vehicle
 * (or the garage vehicle `vehicle`): SPEC §4 levels with the badge's text and class, as product
 * cards carry them. `vehicle` is null without a current vehicle, and every level is then 100
 * (unsure: no badge). Tags the catalogue does not have are left out.
 */
export const getGarageCompatibility = defineCall({
  method: 'GET',
  path: '/garage/compatibility.json',
  summary: 'Compatibility of parts with the current garage vehicle',
  query: lazySchema(() => z.object({ tags: tagsParam, vehicle: z.optional(idParam) })),
  response: lazySchema(() => success({
    vehicle: z.nullable(garageVehicleSchema),
    levels: z.array(
      z.object({
        tag: z.string(),
        CompatabilityLevel: compatibilityLevelSchema,
        CompatibilityBadge: z.string(),
        CompatibilityBadgeClass: z.enum(['unknown', 'exact', 'likely', 'optional', '']),
      }),
    ),
  })),
});

/** The vehicle an order line was bought for and the fit shown then (order list lines, additive). */
export const orderLineVehicleSchema = lazySchema(() => z.object({
  vrn: z.nullable(z.string()),
  make: z.string(),
  model: z.nullable(z.string()),
  year: z.nullable(z.int()),
  label: z.string(),
  CompatabilityLevel: compatibilityLevelSchema,
}));
export type OrderLineVehicle = z.infer<typeof orderLineVehicleSchema>;
