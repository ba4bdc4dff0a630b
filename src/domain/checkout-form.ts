/**
 * SPEC §3 'Registration/checkout form' with the rules of SPEC §4 and §5: which fields the
 * addresses step needs for a signed-in member, a guest and a registration, for a private person and
 * a company, with one address or two. The form's react-hook-form resolver and the server's check
 * are this one schema, so both refuse the same input with the same catalogue texts.
 *
 * Every field is read leniently (missing text is '') and all rules run in one pass, so a form
 * shows every problem at once; each issue's path is the field's name in the form, e.g.
 * ['member_address', 'vat_no'] for 'member_address.vat_no'.
 */
import * as z from 'zod/mini';
import { DEFAULT_COUNTRY_ID } from './cart';
import { t, type MessageKey } from './messages';
import { multiLine } from './multi-line';
import { isEmail, isPhone, isUkPostcode, normalisePostcode, passwordConfirmationProblem, passwordProblems, POSTCODE_MAX_LENGTH } from './validation';
import { normaliseVatNumber, vatNumberProblem } from './vat-number';
import './messages-more';
import { lazySchema } from './lazy-schema';

export const NAME_MAX_LENGTH = 100;
export const ADDRESS_LINE_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 30;
export const COMMENTS_MAX_LENGTH = 1000;

export const MEMBER_TYPES = ['PRIVATE', 'COMPANY'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const ADDRESS_TYPES = ['BILLING', 'DELIVERY', 'BOTH'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Who fills the form in, which decides the account fields it needs. */
export interface CheckoutFormContext {
  /** A member (not a guest) is signed in: no email, password or agreements asked. */
  signedIn: boolean;
  /** Feature flag companyAccount (SPEC §6): company accounts only when it is 1. */
  companyAccount: boolean;
}

const text = (fallback = '') => z._default(z.string(), fallback);
const countryId = () => z._default(z.int(), DEFAULT_COUNTRY_ID);

/** SPEC §3 Registration/checkout form member_address (billing); the API contract's shape too. */
export const billingShape = lazySchema(() => z.object({
  first_name: text(),
  last_name: text(),
  company_name: text(),
  vat_no: text(),
  address1: text(),
  address2: text(),
  county: text(),
  postcode: text(),
  city: text(),
  country_id: countryId(),
  address_type: z._default(z.enum(ADDRESS_TYPES), 'BOTH'),
}));

/** SPEC §3 shipping: the billing fields without vat_no, plus the delivery phone. */
export const shippingShape = lazySchema(() => z.object({
  first_name: text(),
  last_name: text(),
  company_name: text(),
  address1: text(),
  address2: text(),
  county: text(),
  postcode: text(),
  city: text(),
  country_id: countryId(),
  address_type: z._default(z.enum(ADDRESS_TYPES), 'DELIVERY'),
  phone: text(),
}));

/** The form's fields, read leniently; the body shape of update-shipping (src/contract/checkout.ts). */
export const formShape = lazySchema(() => z.object({
  is_guest: z._default(z.boolean(), false),
  email: text(),
  password: text(),
  confirm_password: text(),
  first_name: text(),
  last_name: text(),
  type: z._default(z.enum(MEMBER_TYPES), 'PRIVATE'),
  newsletter: z._default(z.boolean(), false),
  same_shipping_address: z._default(z.boolean(), true),
  member_profile: z._default(z.object({ mobile: text(), phone: text(), questionnaire: text() }), { mobile: '', phone: '', questionnaire: '' }),
  member_address: z._default(billingShape, {
    first_name: '',
    last_name: '',
    company_name: '',
    vat_no: '',
    address1: '',
    address2: '',
    county: '',
    postcode: '',
    city: '',
    country_id: DEFAULT_COUNTRY_ID,
    address_type: 'BOTH',
  }),
  shipping: z.optional(shippingShape),
  cart: z._default(z.object({ comments_delivery: multiLine(text()) }), { comments_delivery: '' }),
  agree_terms: z._default(z.boolean(), false),
  agree_privacy: z._default(z.boolean(), false),
}));

export type CheckoutFormInput = z.input<typeof formShape>;
export type CheckoutForm = z.output<typeof formShape>;
export type CheckoutBillingAddress = CheckoutForm['member_address'];
export type CheckoutShippingAddress = z.output<typeof shippingShape>;

type Path = readonly (string | number)[];
type Report = (path: Path, key: MessageKey, vars?: Readonly<Record<string, string | number>>) => void;

const length = (value: string) => [...value.trim()].length;

function required(report: Report, path: Path, value: string, key: MessageKey = 'validation.required'): boolean {
  if (value.trim() !== '') return true;
  report(path, key);
  return false;
}

function maxLength(report: Report, path: Path, value: string, max: number): void {
  if (length(value) > max) report(path, 'validation.max_chars', { max });
}

function checkPhone(report: Report, path: Path, value: string, isRequired: boolean): void {
  if (value.trim() === '') {
    if (isRequired) report(path, 'validation.required_phone');
    return;
  }
  if (!isPhone(value.trim()) || length(value) > PHONE_MAX_LENGTH) report(path, 'validation.phone');
}

/** SPEC §5: a UK address needs the UK pattern; elsewhere any postcode of at most 15 characters. */
function checkPostcode(report: Report, path: Path, value: string, country: number): void {
  if (!required(report, path, value)) return;
  if (country === DEFAULT_COUNTRY_ID) {
    if (!isUkPostcode(value)) report(path, 'validation.postcode');
  } else if (length(value) > POSTCODE_MAX_LENGTH) {
    report(path, 'validation.max_chars', { max: POSTCODE_MAX_LENGTH });
  }
}

/** The lines every address needs (SPEC §5 member details: line 1, county, postcode, city, country). */
function checkAddressLines(report: Report, base: string, address: CheckoutBillingAddress | CheckoutShippingAddress): void {
  if (required(report, [base, 'address1'], address.address1)) maxLength(report, [base, 'address1'], address.address1, ADDRESS_LINE_MAX_LENGTH);
  maxLength(report, [base, 'address2'], address.address2, ADDRESS_LINE_MAX_LENGTH);
  if (required(report, [base, 'city'], address.city)) maxLength(report, [base, 'city'], address.city, NAME_MAX_LENGTH);
  if (required(report, [base, 'county'], address.county)) maxLength(report, [base, 'county'], address.county, NAME_MAX_LENGTH);
  checkPostcode(report, [base, 'postcode'], address.postcode, address.country_id);
  if (!(address.country_id > 0)) report([base, 'country_id'], 'validation.required');
}

function checkNames(report: Report, base: string, address: { first_name: string; last_name: string }): void {
  if (required(report, [base, 'first_name'], address.first_name, 'validation.required_first_name')) {
    maxLength(report, [base, 'first_name'], address.first_name, NAME_MAX_LENGTH);
  }
  if (required(report, [base, 'last_name'], address.last_name, 'validation.required_last_name')) {
    maxLength(report, [base, 'last_name'], address.last_name, NAME_MAX_LENGTH);
  }
}

/** Every problem of a filled-in form, reported through `report` in the order the form shows the fields. */
export function checkCheckoutForm(form: CheckoutForm, context: CheckoutFormContext, report: Report): void {
  if (!context.signedIn) {
    if (required(report, ['email'], form.email, 'validation.required_email')) {
      if (length(form.email) > EMAIL_MAX_LENGTH || !isEmail(form.email)) report(['email'], 'validation.email');
    }
    if (!form.is_guest) {
      if (form.password === '') report(['password'], 'validation.required');
      else for (const key of passwordProblems(form.password)) report(['password'], key);
      if (form.confirm_password === '') report(['confirm_password'], 'validation.required');
      else {
        const problem = passwordConfirmationProblem(form.password, form.confirm_password);
        if (problem) report(['confirm_password'], problem);
      }
    }
  }

  if (required(report, ['first_name'], form.first_name, 'validation.required_first_name')) maxLength(report, ['first_name'], form.first_name, NAME_MAX_LENGTH);
  if (required(report, ['last_name'], form.last_name, 'validation.required_last_name')) maxLength(report, ['last_name'], form.last_name, NAME_MAX_LENGTH);
  if (form.type === 'COMPANY' && !context.companyAccount) report(['type'], 'checkout.company_unavailable');

  checkPhone(report, ['member_profile', 'mobile'], form.member_profile.mobile, true);
  checkPhone(report, ['member_profile', 'phone'], form.member_profile.phone, false);

  const billing = form.member_address;
  if (form.type === 'COMPANY') {
    if (required(report, ['member_address', 'company_name'], billing.company_name)) {
      maxLength(report, ['member_address', 'company_name'], billing.company_name, NAME_MAX_LENGTH);
    }
    const vatProblem = vatNumberProblem(billing.vat_no);
    if (vatProblem) report(['member_address', 'vat_no'], vatProblem);
  } else {
    checkNames(report, 'member_address', billing);
  }
  checkAddressLines(report, 'member_address', billing);

  if (!form.same_shipping_address) {
    const shipping = form.shipping;
    if (!shipping) {
      report(['shipping', 'address1'], 'validation.required');
    } else {
      if (form.type === 'COMPANY' && shipping.company_name.trim() !== '') {
        maxLength(report, ['shipping', 'company_name'], shipping.company_name, NAME_MAX_LENGTH);
      }
      checkNames(report, 'shipping', shipping);
      checkAddressLines(report, 'shipping', shipping);
      checkPhone(report, ['shipping', 'phone'], shipping.phone, false);
    }
  }

  if (length(form.cart.comments_delivery) > COMMENTS_MAX_LENGTH) report(['cart', 'comments_delivery'], 'validation.max_chars', { max: COMMENTS_MAX_LENGTH });

  // SPEC §5: registration needs the terms agreed; guests also agree terms and privacy (§3).
  if (!context.signedIn) {
    if (!form.agree_terms) report(['agree_terms'], 'validation.agree');
    if (form.is_guest && !form.agree_privacy) report(['agree_privacy'], 'validation.agree_privacy');
  }
}

/**
 * The form's schema for a context: the lenient shape, then every rule at once. Use it as the
 * react-hook-form resolver's schema and as the server's check (server/http/fields.ts).
 */
export function checkoutFormSchema(context: CheckoutFormContext) {
  return formShape.check(
    z.superRefine((form, issues) => {
      checkCheckoutForm(form, context, (path, key, vars) => {
        issues.addIssue({ code: 'custom', message: t(key, vars), path: [...path], input: form });
      });
    }),
  );
}

const clean = (value: string) => value.trim();

/**
 * SPEC §4 addresses, applied to a valid form before it is stored: text trimmed, postcodes
 * upper-cased; a private person's billing address loses company name and VAT number, a company's
 * loses the first and last name and keeps its VAT number as the shop stores it ('GB 980 7806 84'
 * → '980780684', vat-number.ts); a delivery address never keeps a VAT number. With
 * same_shipping_address the billing address is the delivery address too (type BOTH); otherwise
 * the two are BILLING and DELIVERY.
 */
export function normaliseCheckoutForm(form: CheckoutForm): {
  billing: CheckoutBillingAddress;
  delivery: CheckoutShippingAddress | null;
} {
  const billingAddress = form.member_address;
  const isCompany = form.type === 'COMPANY';
  const billing: CheckoutBillingAddress = {
    first_name: isCompany ? '' : clean(billingAddress.first_name),
    last_name: isCompany ? '' : clean(billingAddress.last_name),
    company_name: isCompany ? clean(billingAddress.company_name) : '',
    vat_no: isCompany ? normaliseVatNumber(billingAddress.vat_no) : '',
    address1: clean(billingAddress.address1),
    address2: clean(billingAddress.address2),
    county: clean(billingAddress.county),
    postcode: normalisePostcode(clean(billingAddress.postcode)),
    city: clean(billingAddress.city),
    country_id: billingAddress.country_id,
    address_type: form.same_shipping_address ? 'BOTH' : 'BILLING',
  };
  if (form.same_shipping_address || !form.shipping) return { billing, delivery: null };
  const shipping = form.shipping;
  return {
    billing,
    delivery: {
      first_name: clean(shipping.first_name),
      last_name: clean(shipping.last_name),
      company_name: isCompany ? clean(shipping.company_name) : '',
      address1: clean(shipping.address1),
      address2: clean(shipping.address2),
      county: clean(shipping.county),
      postcode: normalisePostcode(clean(shipping.postcode)),
      city: clean(shipping.city),
      country_id: shipping.country_id,
      address_type: 'DELIVERY',
      phone: clean(shipping.phone),
    },
  };
}

/** The login form (SPEC §5: email and password required). */
export const loginFormSchema = lazySchema(() => z.object({
  email: z.string().check(
    z.trim(),
    z.superRefine((value, issues) => {
      if (value === '') issues.addIssue({ code: 'custom', message: t('validation.required_email'), input: value });
      else if (!isEmail(value)) issues.addIssue({ code: 'custom', message: t('validation.email'), input: value });
    }),
  ),
  password: z.string().check(z.minLength(1, t('validation.required'))),
}));
export type LoginForm = z.output<typeof loginFormSchema>;
