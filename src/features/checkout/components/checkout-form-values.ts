/**
 * The addresses form's values, labels and starting point (SPEC §3 Registration/checkout form):
 * what the person sees first is the signed-in member's (or this cart's guest account's) details
 * and last addresses, else the address chosen from the cart page's suggestions (session
 * 'cc-address'), with the delivery postcode the cart was priced for.
 */
import type { Address, Cart } from '../../../contract/cart';
import type { LookedUpAddress } from '../../../contract/checkout';
import { DEFAULT_COUNTRY_ID } from '../../../domain/cart';
import type { CheckoutForm } from '../../../domain/checkout-form';
import { postcodesMatch } from '../../../domain/validation';
import '../../../domain/messages-more';

export type AddressesFormValues = CheckoutForm & { shipping: NonNullable<CheckoutForm['shipping']> };

interface RecentData {
  member: {
    email: string;
    first_name: string;
    last_name: string;
    type: 'PRIVATE' | 'COMPANY';
    is_guest: boolean;
    same_shipping_address: boolean;
    member_profile: { mobile: string; phone: string; company_name: string; vat_no: string };
  } | null;
  billing_address: Address | null;
  delivery_address: Address | null;
}

/** Field paths as the form (and the server's 422 errors) name them, with the label each shows. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'Email',
  password: 'Password',
  confirm_password: 'Repeat password',
  first_name: 'First name',
  last_name: 'Last name',
  type: 'Buying as',
  'member_profile.mobile': 'Mobile',
  'member_profile.phone': 'Second phone',
  'member_address.first_name': 'Billing first name',
  'member_address.last_name': 'Billing last name',
  'member_address.company_name': 'Company name',
  'member_address.vat_no': 'VAT number',
  'member_address.address1': 'Address line 1',
  'member_address.address2': 'Address line 2',
  'member_address.city': 'Town or city',
  'member_address.county': 'County',
  'member_address.postcode': 'Postcode',
  'member_address.country_id': 'Country',
  'shipping.first_name': 'Delivery first name',
  'shipping.last_name': 'Delivery last name',
  'shipping.company_name': 'Delivery company name',
  'shipping.address1': 'Delivery address line 1',
  'shipping.address2': 'Delivery address line 2',
  'shipping.city': 'Delivery town or city',
  'shipping.county': 'Delivery county',
  'shipping.postcode': 'Delivery postcode',
  'shipping.country_id': 'Delivery country',
  'shipping.phone': 'Delivery phone',
  'cart.comments_delivery': 'Delivery comments',
  agree_terms: 'Terms and conditions',
  agree_privacy: 'Privacy policy',
};

export const FIELD_ORDER = Object.keys(FIELD_LABELS);

type Lines = Pick<AddressesFormValues['member_address'], 'address1' | 'address2' | 'city' | 'county' | 'postcode'>;

function linesOf(address: Address | LookedUpAddress | null): Lines {
  return {
    address1: address?.address1 ?? '',
    address2: [address?.address2, address?.address3].filter(Boolean).join(', '),
    city: address?.city ?? '',
    county: address?.county ?? '',
    postcode: address?.postcode ?? '',
  };
}

export interface StartingPoint {
  values: AddressesFormValues;
  /** SPEC §5: the loaded delivery postcode is not the one chosen on the cart page. */
  postcodeMismatch: boolean;
}

/**
 * Where the form starts. SPEC §4: equal billing and delivery address ids mean one address; SPEC
 * §5: a loaded delivery address at another postcode than the session's is not used for delivery
 * (the person is told, and sent back to the cart to change the postcode if they want it).
 */
export function startingPoint({ cart, recent, saved, agreements }: { cart: Cart; recent: RecentData; saved: LookedUpAddress | null; agreements: { terms: boolean; marketing: boolean } }): StartingPoint {
  const member = recent.member;
  const billing = recent.billing_address;
  const delivery = recent.delivery_address;
  const same = member ? member.same_shipping_address || (billing !== null && delivery !== null && billing.id === delivery.id) : true;
  const sessionPostcode = cart.region_postcode;
  const deliveryCountry = cart.region?.country_id ?? DEFAULT_COUNTRY_ID;
  const locked = Boolean(cart.region?.is_uk) && sessionPostcode !== '';

  const loadedDelivery = same ? billing : delivery;
  const postcodeMismatch = locked && loadedDelivery !== null && loadedDelivery.postcode !== '' && !postcodesMatch(loadedDelivery.postcode, sessionPostcode);
  // The delivery address's lines: the loaded ones when at the session's postcode, else the
  // address chosen on the cart page, else empty.
  const savedHere = saved && (!locked || postcodesMatch(saved.postcode, sessionPostcode)) ? saved : null;
  const deliveryLines = !postcodeMismatch && loadedDelivery ? linesOf(loadedDelivery) : linesOf(savedHere);
  if (locked) deliveryLines.postcode = sessionPostcode;

  const billingLines = same ? deliveryLines : linesOf(billing);
  const type = member?.type ?? 'PRIVATE';
  return {
    postcodeMismatch,
    values: {
      is_guest: member ? member.is_guest : true,
      email: member?.email ?? '',
      password: '',
      confirm_password: '',
      first_name: member?.first_name ?? '',
      last_name: member?.last_name ?? '',
      type,
      newsletter: agreements.marketing,
      same_shipping_address: same,
      member_profile: { mobile: member?.member_profile.mobile ?? '', phone: member?.member_profile.phone ?? '', questionnaire: '' },
      member_address: {
        first_name: billing?.first_name ?? member?.first_name ?? '',
        last_name: billing?.last_name ?? member?.last_name ?? '',
        company_name: billing?.company_name || member?.member_profile.company_name || '',
        vat_no: billing?.vat_no || member?.member_profile.vat_no || '',
        ...billingLines,
        country_id: same ? deliveryCountry : (billing?.country_id ?? DEFAULT_COUNTRY_ID),
        address_type: same ? 'BOTH' : 'BILLING',
      },
      shipping: {
        first_name: (!same && delivery?.first_name) || '',
        last_name: (!same && delivery?.last_name) || '',
        company_name: (!same && delivery?.company_name) || '',
        ...deliveryLines,
        country_id: deliveryCountry,
        address_type: 'DELIVERY',
        phone: (!same && delivery?.phone) || '',
      },
      cart: { comments_delivery: cart.comments_delivery },
      agree_terms: agreements.terms,
      // SPEC §3: guests agree the privacy policy by default (the box is shown, ticked).
      agree_privacy: true,
    },
  };
}
