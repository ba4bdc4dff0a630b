/**
 * The en-GB message catalogue: every text a rule, a form or an error notice shows (SPEC §2, §4, §5,
 * §8). Rules return keys, not sentences, so the storefront and the API say the same thing and a
 * misspelt key fails the type check. Texts the spec quotes are kept word for word; the others are
 * our wording. At run time it imports only the store of texts (message-catalogue.ts), so any
 * module may use it without an import cycle.
 *
 * The catalogue is in two parts so the first download carries only the texts every page needs:
 * this module's, and messages-more.ts (cart, checkout, orders, account, product forms, SEO, search
 * results, product cards, stock, compatibility, pretty dates),
 * which registers its texts when it loads. A module that uses a key of messages-more imports it
 * (`import './messages-more'`, or the path to it); the type MessageKey covers both parts.
 */
import { catalogue, registerMessages } from './message-catalogue';
import type { moreMessages } from './messages-more';

export const messages = {
  // SPEC §8: the generic failure texts.
  'global.error': 'Something went wrong. Please try again.',
  'global.network_error': 'We could not reach the shop. Please check your connection and try again.',
  'global.session_expired': 'Your session has expired. Please sign in again.',
  'global.are_you_sure': 'Are you sure?',
  'global.select_placeholder': '--- select ---',
  'global.not_available': 'not available',
  'global.required_field': 'required field',
  'global.free': 'Free',

  // SPEC §5: field validation.
  'validation.required': 'This field is required.',
  'validation.empty': "This field can't be empty.",
  'validation.error': 'Please check the details you have entered.',
  'validation.agree': 'Please accept the terms and conditions.',
  'validation.required_warranty': 'Please choose a warranty for this part.',
  'validation.required_warranty_level': 'Please choose a warranty level.',
  'validation.required_email': 'Please enter your email address.',
  'validation.required_first_name': 'Please enter your first name.',
  'validation.required_last_name': 'Please enter your last name.',
  'validation.required_full_name': 'Please enter your full name.',
  'validation.required_phone': 'Please enter your phone number.',
  'validation.required_captcha': 'Please complete the security check.',
  'validation.captcha_failed': 'The security check could not be confirmed. Please complete it again.',
  'validation.select_make': 'Please select a make.',
  'validation.select_model': 'Please select a model.',
  'validation.select_part_type': 'Please select a part type.',
  'validation.email': 'Please enter a valid email address.',
  'validation.phone': 'A phone number can only contain digits, spaces, + and -.',
  'validation.postcode': 'Please enter a valid UK postcode.',
  'validation.min_chars': 'Please enter at least {min} characters.',
  'validation.whole_number': 'Please enter a whole number.',
  'validation.min_zero': 'Please enter a number of 0 or more.',
  'validation.other_answer': 'Please tell us a little more (at least 3 characters).',
  'validation.deletion_reason': 'Please choose a reason.',
  // One password rule (validation.ts): at least 12 characters, at most 128, one special character.
  'validation.password_min': 'Password has to contain at least 12 characters.',
  'validation.password_max': 'Password can contain at most 128 characters.',
  'validation.password_special':
    'Password has to contain at least 1 special character (a character that is not a letter or a digit).',
  'validation.password_rules':
    'Your password must be at least 12 characters long and contain at least 1 special character.',
  'validation.password_same': 'Passwords needs to be the same.',

  // SPEC §5: search form warnings and hints.
  'filters.required_make': 'Please select a make.',
  'filters.required_model': 'Please select a model.',
  'filters.required_part_type': 'Please select a part type.',
  'filters.fill_form': 'Please fill in all the required fields.',
  'filters.required_oem': 'A part number must be at least 3 characters long.',
  'filters.min_3_chars': 'Min 3 chars',
  'filters.vrn_oem': 'Please enter a part number.',
  'filters.vrn_put_vrn': 'Please enter your vehicle registration number.',
  'filters.vrn_select_part_type': 'Please select the type of part you are looking for.',
  'filters.vrn_select_model':
    'We found more than one model for this registration. Please select your model.',
  // SPEC §8: part search code 502, and a registration lookup that cannot answer at all.
  'filters.vrn_not_found': 'We could not find this registration. Please check it, or search by make and model.',
  'filters.vrn_lookup_unavailable':
    'We cannot look registrations up at the moment. Please try again shortly, or search by make and model.',
  'filters.no_products': 'No products found.',
  'filters.nothing_in_stock': 'We have no {partName} in stock at the moment.',
  // Issue 7: cart, checkout, discount codes, sign-in and the order confirmation (our wording).
  'validation.max_chars': 'Please enter at most {max} characters.',
  'part_requests.empty': 'There are no part requests yet.',
  'part_requests.may_not_source': 'We may not be able to source this part.',
  'part_requests.sort_recent': 'Most recent',
  'part_requests.sort_oldest': 'Oldest first',
  // SPEC §4, §7: the shop's part request form and the acknowledgement e-mail it sends.
  'part_requests.sent':
    'Thank you. Your request reference is {reference}. We will search our yards and partners and reply by email within one working day.',
  'part_requests.mail_subject': 'Your part request {reference}',
  'part_requests.mail_text':
    'Hello {name},\n\nThank you for your part request. We have it as:\n\n  Part: {partName}\n  Vehicle registration: {carReg}\n  Reference: {reference}\n\nWhat happens next: we search our own yards and our partners for this part and reply to this email address within one working day, with the price, condition and warranty if we find one, or to tell you if we cannot source it.\n\nIf anything above is wrong, or you can tell us more (a part number, the engine code), reply to this email quoting {reference}.\n\nKind regards,\nPartsFinder UK',
  // SPEC §3, §5, §7: the product pages' forms — availability notification and enquiry — and their mails.
  'validation.agree_privacy': 'Please accept the privacy policy.',
  'validation.agree_marketing': 'Please agree to be contacted about your enquiry.',
  'product.not_found': 'This product could not be found.',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof messages | keyof typeof moreMessages;

registerMessages(messages);

/**
 * SPEC §5/§8: the text of a catalogue key with `{name}` placeholders filled from `vars`. A
 * placeholder without a value stays visible, so a missing variable shows up in review rather than
 * as a silently empty gap.
 */
export function t(key: MessageKey, vars?: Readonly<Record<string, string | number>>): string {
  const text = catalogue[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : placeholder,
  );
}

/** SPEC §8: whether a string from outside (a server answer, a URL) is a key of the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalogue, key);
}
