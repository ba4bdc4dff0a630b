/**
 * The en-GB message catalogue: every text a rule, a form or an error notice shows (SPEC §2, §4, §5,
 * §8). Rules return keys, not sentences, so the storefront and the API say the same thing and a
 * misspelt key fails the type check. Texts the spec quotes are kept word for word; the others are
 * our wording. At run time it imports only the store of texts (message-catalogue.ts), so any
 * module may use it without an import cycle.
 *
 * The catalogue is in three parts so a first download carries only the texts its page needs:
 * this module's; messages-more.ts (cart, checkout, orders, account, product forms, SEO, search
 * results, product cards, stock, compatibility, pretty dates, field validation, part requests);
 * and messages-account.ts (returns, invoices, the wishlist, payment preferences).
 * Each registers its texts when it loads. A module that uses a key of another part imports it
 * (`import './messages-more'`, or the path to it: the lint rule messages/parts checks); the type
 * MessageKey covers all three.
 */
import { catalogue, registerMessages } from './message-catalogue';
import type { accountMessages } from './messages-account';
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
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof messages | keyof typeof moreMessages | keyof typeof accountMessages;

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
