/**
 * SPEC §3 and §5: the two forms of the product pages — the availability (back-in-stock)
 * notification and the product enquiry. The modals' react-hook-form resolvers and the server's
 * check are these schemas, so both refuse the same input with the same catalogue messages.
 *
 * Each form has two schemas: `…FieldsSchema`, what the person fills in (the resolver's), and
 * `…FormSchema`, the same plus the product reference the page adds (the server's).
 */
import * as z from 'zod/mini';
import { t, type MessageKey } from './messages';
import './messages-more';
import { isEmail, isPhone, TAG_PATTERN } from './validation';
import { lazySchema } from './lazy-schema';

/** SPEC §3: the enquiry's fixed form_name. */
export const ENQUIRY_FORM_NAME = 'Enquiry form';

export const PERSON_NAME_MAX = 100;
/** The longest address SMTP can carry. */
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
export const PRODUCT_NAME_MAX = 200;
export const ENQUIRY_MESSAGE_MAX = 2000;

/** A vehicle product's slug as the product URL carries it. */
const SLUG_PATTERN = /^[a-z0-9-]{1,120}$/;

/** Trimmed text that is required (`missing` when empty) and at most `max` characters long. */
function requiredText(missing: MessageKey, max: number, problemOf: (value: string) => MessageKey | null = () => null) {
  return z.string({ error: t(missing) }).check(
    z.trim(),
    z.superRefine((value, context) => {
      const problem = value === '' ? missing : [...value].length > max ? 'validation.error' : problemOf(value);
      if (problem) context.addIssue({ code: 'custom', message: t(problem), input: value });
    }),
  );
}

const emailField = lazySchema(() => requiredText('validation.required_email', EMAIL_MAX, (value) => (isEmail(value) ? null : 'validation.email')));

/** SPEC §5 phone rule: digits, spaces, plus and minus only (at least one digit). */
const phoneProblem = (value: string): MessageKey | null => (isPhone(value) ? null : 'validation.phone');

/** A box that must be ticked; a missing or false value gets `message`. */
const ticked = (message: MessageKey) =>
  z.boolean({ error: t(message) }).check(z.refine((value) => value, { error: t(message) }));

/** A box that may be left unticked (missing counts as unticked). */
const optionalBox = lazySchema(() => z._default(z.boolean(), false));

// ---------------------------------------------------------------------------------------------
// Availability notification (SPEC §3, §5)

export const productNotificationFieldsSchema = lazySchema(() => z.object({
  first_name: requiredText('validation.required_first_name', PERSON_NAME_MAX),
  last_name: requiredText('validation.required_last_name', PERSON_NAME_MAX),
  email: emailField,
  /** Optional: an empty or missing phone means none; a given one follows the phone rule. */
  phone: z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || ([...value].length <= PHONE_MAX && isPhone(value)), t('validation.phone')),
    ),
  ),
  agree_terms: ticked('validation.agree'),
  agree_privacy: ticked('validation.agree_privacy'),
}));
export type ProductNotificationFields = z.output<typeof productNotificationFieldsSchema>;

/** `product_id` is the part's Tag, as in its URL (a notification is about parts, not vehicles). */
export const productNotificationFormSchema = lazySchema(() => z.extend(productNotificationFieldsSchema, {
  product_id: z.string({ error: t('validation.error') }).check(z.trim(), z.regex(TAG_PATTERN, t('validation.error'))),
}));
export type ProductNotificationForm = z.output<typeof productNotificationFormSchema>;

// ---------------------------------------------------------------------------------------------
// Product enquiry (SPEC §3, §5)

export const enquiryFieldsSchema = lazySchema(() => z.object({
  first_name: requiredText('validation.required_first_name', PERSON_NAME_MAX),
  last_name: requiredText('validation.required_last_name', PERSON_NAME_MAX),
  phone_number: requiredText('validation.required_phone', PHONE_MAX, phoneProblem),
  email_address: emailField,
  /** How the person would like to be contacted; neither ticked leaves it to the shop. */
  contact_by_phone: optionalBox,
  contact_by_email: optionalBox,
  /** Not in SPEC §3, which is silent on it: what the person wants to ask, optional. */
  message: z.optional(
    z.string().check(z.trim(), z.maxLength(ENQUIRY_MESSAGE_MAX, t('validation.error'))),
  ),
  /** SPEC §5: both agreement boxes are required. */
  agree_terms: ticked('validation.agree'),
  agree_marketing: ticked('validation.agree_marketing'),
}));
export type EnquiryFields = z.output<typeof enquiryFieldsSchema>;

export const enquiryProductTypeSchema = lazySchema(() => z.enum(['part', 'vehicle']));
export type EnquiryProductType = z.infer<typeof enquiryProductTypeSchema>;

/** Whether `id` is a well-formed reference for `type`: a part's Tag or a vehicle product's slug. */
export function isProductReference(type: EnquiryProductType, id: string): boolean {
  return (type === 'part' ? TAG_PATTERN : SLUG_PATTERN).test(id);
}

/**
 * The whole enquiry the page sends: the fields, the fixed form_name, the product's name as the
 * page showed it (the server names the product from its own record), and the product reference:
 * `product_type` 'part' with the part's Tag, or 'vehicle' with the vehicle product's slug, in
 * `product_id`.
 */
export const enquiryFormSchema = lazySchema(() => z
  .extend(enquiryFieldsSchema, {
    form_name: z.literal(ENQUIRY_FORM_NAME, { error: t('validation.error') }),
    product_name: z.optional(z.string().check(z.trim(), z.maxLength(PRODUCT_NAME_MAX, t('validation.error')))),
    product_type: z._default(enquiryProductTypeSchema, 'part'),
    product_id: z.string({ error: t('validation.error') }).check(z.trim()),
  })
  .check(
    z.refine((form) => isProductReference(form.product_type, form.product_id), { error: t('validation.error'), path: ['product_id'] }),
  ));
export type EnquiryForm = z.output<typeof enquiryFormSchema>;
