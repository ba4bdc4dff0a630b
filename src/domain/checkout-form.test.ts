import { describe, expect, it } from 'vitest';
import { checkoutFormSchema, loginFormSchema, normaliseCheckoutForm, type CheckoutFormInput } from './checkout-form';
import { t } from './messages';

const visitor = { signedIn: false, companyAccount: true };
const member = { signedIn: true, companyAccount: true };

/** A valid registration of a private person, one address. */
function registration(changes: Partial<CheckoutFormInput> = {}): CheckoutFormInput {
  return {
    is_guest: false,
    email: 'sam@turner-motors.co.uk',
    password: 'correct horse battery!',
    confirm_password: 'correct horse battery!',
    first_name: 'Sam',
    last_name: 'Turner',
    type: 'PRIVATE',
    same_shipping_address: true,
    member_profile: { mobile: '07700 900123', phone: '', questionnaire: '' },
    member_address: {
      first_name: 'Sam',
      last_name: 'Turner',
      address1: '12 Mill Lane',
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'ls1 4ap',
      country_id: 235,
    },
    cart: { comments_delivery: 'Leave with the neighbour' },
    agree_terms: true,
    ...changes,
  };
}

function errorsOf(input: unknown, context = visitor): Record<string, string[]> {
  const result = checkoutFormSchema(context).safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('SPEC §3, §5 checkout form', () => {
  it('accepts a complete registration, a guest and a signed-in member', () => {
    expect(errorsOf(registration())).toEqual({});
    expect(errorsOf(registration({ is_guest: true, password: '', confirm_password: '', agree_privacy: true }))).toEqual({});
    expect(errorsOf(registration({ email: '', password: '', confirm_password: '', agree_terms: false }), member)).toEqual({});
  });

  it('names every missing field of an empty form at once, by its path in the form', () => {
    const errors = errorsOf({});
    expect(errors).toEqual({
      email: [t('validation.required_email')],
      password: [t('validation.required')],
      confirm_password: [t('validation.required')],
      first_name: [t('validation.required_first_name')],
      last_name: [t('validation.required_last_name')],
      'member_profile.mobile': [t('validation.required_phone')],
      'member_address.first_name': [t('validation.required_first_name')],
      'member_address.last_name': [t('validation.required_last_name')],
      'member_address.address1': [t('validation.required')],
      'member_address.city': [t('validation.required')],
      'member_address.county': [t('validation.required')],
      'member_address.postcode': [t('validation.required')],
      agree_terms: [t('validation.agree')],
    });
  });

  it('applies the password rule and the repeat to a registration only', () => {
    expect(errorsOf(registration({ password: 'short', confirm_password: 'other' }))).toEqual({
      password: [t('validation.password_min'), t('validation.password_special')],
      confirm_password: [t('validation.password_same')],
    });
    expect(errorsOf(registration({ is_guest: true, password: 'short', agree_privacy: true }))).toEqual({});
  });

  it('asks a guest to agree to the terms and the privacy policy', () => {
    expect(errorsOf(registration({ is_guest: true, agree_terms: false, agree_privacy: false }))).toEqual({
      agree_terms: [t('validation.agree')],
      agree_privacy: [t('validation.agree_privacy')],
    });
  });

  it('checks the email, the phones and a UK postcode', () => {
    const errors = errorsOf(
      registration({
        email: 'sam@turner',
        member_profile: { mobile: 'call me', phone: '0113-496-0000' },
        member_address: { first_name: 'Sam', last_name: 'Turner', address1: '1 Road', city: 'Leeds', county: 'W Yorks', postcode: 'LS1', country_id: 235 },
      }),
    );
    expect(errors).toEqual({
      email: [t('validation.email')],
      'member_profile.mobile': [t('validation.phone')],
      'member_address.postcode': [t('validation.postcode')],
    });
  });

  it('takes any postcode up to 15 characters outside the UK', () => {
    const address = { first_name: 'Aoife', last_name: 'Byrne', address1: '3 Quay St', city: 'Galway', county: 'Galway', postcode: 'H91 E2K3', country_id: 105 };
    expect(errorsOf(registration({ member_address: address }))).toEqual({});
  });

  it('needs a company name and a valid VAT number for a company, not the billing names', () => {
    const company = { address1: '4 Trade Park', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS11 5QN', country_id: 235 };
    expect(errorsOf(registration({ type: 'COMPANY', member_address: { ...company, company_name: '', vat_no: '' } }))).toEqual({
      'member_address.company_name': [t('validation.required')],
      'member_address.vat_no': [t('validation.empty')],
    });
    expect(errorsOf(registration({ type: 'COMPANY', member_address: { ...company, company_name: 'Turner Motors Ltd', vat_no: '123-456-32-19' } }))).toEqual({
      'member_address.vat_no': [t('validation.error')],
    });
    expect(errorsOf(registration({ type: 'COMPANY', member_address: { ...company, company_name: 'Turner Motors Ltd', vat_no: '526-025-09-95' } }))).toEqual({});
  });

  it('refuses a company account while the companyAccount flag is off', () => {
    const form = registration({
      type: 'COMPANY',
      member_address: { company_name: 'Turner Motors Ltd', vat_no: '5260250995', address1: '4 Trade Park', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS11 5QN' },
    });
    expect(errorsOf(form, { signedIn: false, companyAccount: false })).toEqual({ type: [t('checkout.company_unavailable')] });
  });

  it('needs the delivery address when it is not the billing one', () => {
    expect(errorsOf(registration({ same_shipping_address: false }))).toEqual({ 'shipping.address1': [t('validation.required')] });
    expect(errorsOf(registration({ same_shipping_address: false, shipping: { phone: 'x' } }))).toEqual({
      'shipping.first_name': [t('validation.required_first_name')],
      'shipping.last_name': [t('validation.required_last_name')],
      'shipping.address1': [t('validation.required')],
      'shipping.city': [t('validation.required')],
      'shipping.county': [t('validation.required')],
      'shipping.postcode': [t('validation.required')],
      'shipping.phone': [t('validation.phone')],
    });
  });

  it('limits the length of free text', () => {
    expect(errorsOf(registration({ cart: { comments_delivery: 'x'.repeat(1001) } }))).toEqual({
      'cart.comments_delivery': [t('validation.max_chars', { max: 1000 })],
    });
  });
});

describe('SPEC §4 addresses before they are stored', () => {
  it('trims, upper-cases postcodes, keeps one address of type BOTH when delivery is the same', () => {
    const form = checkoutFormSchema(visitor).parse(registration());
    const { billing, delivery } = normaliseCheckoutForm(form);
    expect(delivery).toBeNull();
    expect(billing).toMatchObject({ postcode: 'LS1 4AP', address_type: 'BOTH', company_name: '', vat_no: '', first_name: 'Sam' });
  });

  it('clears company fields for a private person and names for a company; two addresses are BILLING and DELIVERY', () => {
    const form = checkoutFormSchema(visitor).parse(
      registration({
        type: 'COMPANY',
        same_shipping_address: false,
        member_address: { first_name: 'Sam', last_name: 'Turner', company_name: ' Turner Motors Ltd ', vat_no: '526-025-09-95', address1: '4 Trade Park', city: 'Leeds', county: 'West Yorkshire', postcode: 'ls11 5qn' },
        shipping: { first_name: 'Jo', last_name: 'Turner', company_name: 'Turner Motors', address1: '9 Depot Rd', city: 'York', county: 'North Yorkshire', postcode: 'yo1 7hh', phone: '07700 900456' },
      }),
    );
    const { billing, delivery } = normaliseCheckoutForm(form);
    expect(billing).toMatchObject({ first_name: '', last_name: '', company_name: 'Turner Motors Ltd', vat_no: '5260250995', address_type: 'BILLING' });
    expect(delivery).toMatchObject({ first_name: 'Jo', postcode: 'YO1 7HH', address_type: 'DELIVERY', phone: '07700 900456' });
  });
});

describe('SPEC §5 login form', () => {
  it('needs an email and a password', () => {
    expect(loginFormSchema.safeParse({ email: '', password: '' }).error?.issues.map((issue) => issue.message)).toEqual([
      t('validation.required_email'),
      t('validation.required'),
    ]);
    expect(loginFormSchema.safeParse({ email: ' sam@turner-motors.co.uk ', password: 'x' }).data?.email).toBe('sam@turner-motors.co.uk');
  });
});
