/**
 * The product pages' forms (SPEC §2, §3, §7): the availability (back-in-stock) notification and
 * the product enquiry.
 *
 * The body schemas here are the shape only. The rules of SPEC §5, with the catalogue's messages,
 * are src/domain/product-forms.ts: the modals' resolvers and the server's check.
 *
 * Both calls are public writes: they need the session's X-CSRF-Token (403 without), answer 429
 * above 10 a minute from one address, and take an optional `Idempotency-Key` header (see
 * idempotency.ts) so an offline outbox can replay them exactly once — a repeat with the same key
 * from the same session answers the first success again with `Idempotent-Replayed: true` and
 * stores and mails nothing.
 */
import * as z from 'zod/mini';
import { multiLine } from '../domain/multi-line';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

// ---------------------------------------------------------------------------------------------
// Availability notification

export const productNotificationBodySchema = lazySchema(() => z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Optional; '' or leaving it out means none. */
  phone: z.optional(z.string()),
  agree_terms: z.boolean(),
  agree_privacy: z.boolean(),
  /** The part's Tag, as in its product URL (e.g. 'PF-000123'). */
  product_id: z.string(),
}));
export type ProductNotificationBody = z.input<typeof productNotificationBodySchema>;

/**
 * POST /product-notifications — asks to be e-mailed once when a part of the same part type, make
 * and model as the part `product_id` is available. Stores the request and e-mails the person a
 * confirmation; `msg` thanks them. Asking again for the same part type, make and model with the
 * same address while an earlier request still waits answers the same success and sends nothing
 * more (one request, one e-mail when a part arrives).
 *
 * Failures: 422 with `errors` keyed by the field names above (first_name, last_name, email —
 * errors.email for a missing or malformed address —, phone, agree_terms, agree_privacy,
 * product_id); 404 when no part has that Tag; 409 when the part itself is available now (`msg`
 * says it can be bought); 403 without the CSRF token; 429 above the rate limit.
 */
export const submitProductNotification = defineCall({
  method: 'POST',
  path: '/product-notifications',
  summary: 'Ask to be told by e-mail when a matching part is in stock',
  body: productNotificationBodySchema,
  response: lazySchema(() => success({ msg: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// Enquiry

export const enquiryBodySchema = lazySchema(() => z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  email_address: z.string(),
  contact_by_phone: z.optional(z.boolean()),
  contact_by_email: z.optional(z.boolean()),
  /** What the person asks (the spec is silent on it; optional, at most 2000 characters). */
  message: multiLine(z.optional(z.string())),
  /** The terms box and the marketing (may-we-contact-you) box; SPEC §5 requires both. */
  agree_terms: z.boolean(),
  agree_marketing: z.boolean(),
  /** Fixed: 'Enquiry form' (ENQUIRY_FORM_NAME in src/domain/product-forms.ts). */
  form_name: z.string(),
  /** The name the page showed; the shop's mail names the product from its own record. */
  product_name: z.optional(z.string()),
  /** 'part' (default) or 'vehicle': what `product_id` refers to. */
  product_type: z.optional(z.enum(['part', 'vehicle'])),
  /** The product as its URL names it: a part's Tag, or a vehicle product's slug. */
  product_id: z.string(),
}));
export type EnquiryBody = z.input<typeof enquiryBodySchema>;

/**
 * POST /form-messages/save.json — with no /web-api prefix (SPEC §7; `base: ''`). Stores the
 * enquiry and e-mails it to the shop (SHOP_EMAIL), reply-to the customer. The answer is SPEC §7's
 * `status` ('success') and `message` (the thank-you notice).
 *
 * Failures use the shared envelope `{success: false, msg, errors}` like every call: 422 with
 * `errors` keyed by the field names above (first_name, last_name, phone_number, email_address,
 * agree_terms, agree_marketing, form_name, product_id…); 404 when the product does not exist; 403
 * without the CSRF token; 429 above the rate limit.
 */
export const saveEnquiry = defineCall({
  method: 'POST',
  base: '',
  path: '/form-messages/save.json',
  summary: 'Send the shop an enquiry about a product',
  body: enquiryBodySchema,
  response: lazySchema(() => z.object({ status: z.literal('success'), message: z.string() })),
});
