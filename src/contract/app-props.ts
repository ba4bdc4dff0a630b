import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

/**
 * App props of SPEC §3, in the page the server renders (its dehydrated query cache) so the first
 * render needs no call. Feature flags use the spec's numeric form: 1 enabled, 0 disabled.
 */
export const featureFlagsSchema = lazySchema(() => z.object({
  'payments.paypal': z.union([z.literal(0), z.literal(1)]),
  'payments.stripe': z.union([z.literal(0), z.literal(1)]),
  discountThresholds: z.union([z.literal(0), z.literal(1)]),
  companyAccount: z.union([z.literal(0), z.literal(1)]),
  lowestPrice: z.union([z.literal(0), z.literal(1)]),
}));
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const appPropsSchema = lazySchema(() => z.object({
  isProduction: z.boolean(),
  isGuest: z.boolean(),
  memberIdentifier: z.string(),
  memberFirstName: z.string(),
  defaultCurrency: z.enum(['GBP', 'PLN']),
  flags: featureFlagsSchema,
  /**
   * The shop's clock when these props were made (ISO 8601). A page drawn on the server is drawn
   * for this instant, and the browser hydrates with it before its own clock takes over.
   */
  serverTime: z.optional(z.string()),
  /** Google Analytics 4's measurement id when the shop measures (issue 32); absent: no analytics, no banner. */
  ga4MeasurementId: z.optional(z.string()),
  /** The visitor's cookie choice as the consent cookie holds it; absent: not chosen yet. */
  consent: z.optional(z.object({ analytics: z.boolean(), marketing: z.boolean() })),
}));
export type AppProps = z.infer<typeof appPropsSchema>;

export { CSRF_HEADER, CSRF_META_NAME } from './http';

/**
 * GET /app-props.json — the same props for a page whose HTML came from the service worker's
 * precached shell (which cannot carry a session's props), plus the session's CSRF token.
 */
export const getAppProps = defineCall({
  method: 'GET',
  path: '/app-props.json',
  summary: 'App props and the CSRF token of the current session',
  response: lazySchema(() => success({ props: appPropsSchema, csrfToken: z.string() })),
});
