import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_FORM_NAME,
  enquiryFieldsSchema,
  enquiryFormSchema,
  isProductReference,
  productNotificationFieldsSchema,
  productNotificationFormSchema,
} from './product-forms';

type Safe = { safeParse(input: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };

const errorsOf = (schema: Safe, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
};

const notification = {
  first_name: ' Sam ',
  last_name: ' Turner ',
  email: ' sam@turner-motors.co.uk ',
  phone: ' 07700 900123 ',
  agree_terms: true,
  agree_privacy: true,
  product_id: 'PF-000123',
};

const enquiry = {
  first_name: 'Priya',
  last_name: 'Shah',
  phone_number: '+44 7700-900456',
  email_address: 'priya@example.co.uk',
  contact_by_phone: true,
  contact_by_email: false,
  agree_terms: true,
  agree_marketing: true,
  form_name: ENQUIRY_FORM_NAME,
  product_name: 'Alternator',
  product_id: 'PF-000123',
};

describe('SPEC §5 availability notification', () => {
  it('cleans what it accepts: trimmed names, address and phone', () => {
    expect(productNotificationFormSchema.parse(notification)).toEqual({
      first_name: 'Sam',
      last_name: 'Turner',
      email: 'sam@turner-motors.co.uk',
      phone: '07700 900123',
      agree_terms: true,
      agree_privacy: true,
      product_id: 'PF-000123',
    });
  });

  it('requires first name, last name, email and both boxes, each with its own message', () => {
    expect(errorsOf(productNotificationFormSchema, { product_id: 'PF-1' })).toEqual({
      first_name: ['Please enter your first name.'],
      last_name: ['Please enter your last name.'],
      email: ['Please enter your email address.'],
      agree_terms: ['Please accept the terms and conditions.'],
      agree_privacy: ['Please accept the privacy policy.'],
    });
  });

  it.each([
    [{ first_name: '   ' }, 'first_name', 'Please enter your first name.'],
    [{ last_name: 'x'.repeat(101) }, 'last_name', 'Please check the details you have entered.'],
    [{ email: 'sam@turner' }, 'email', 'Please enter a valid email address.'],
    [{ email: '' }, 'email', 'Please enter your email address.'],
    [{ phone: '0770 ext. 12' }, 'phone', 'A phone number can only contain digits, spaces, + and -.'],
    [{ phone: '+-' }, 'phone', 'A phone number can only contain digits, spaces, + and -.'],
    [{ agree_terms: false }, 'agree_terms', 'Please accept the terms and conditions.'],
    [{ agree_privacy: false }, 'agree_privacy', 'Please accept the privacy policy.'],
    [{ product_id: 'PF 1/2' }, 'product_id', 'Please check the details you have entered.'],
  ])('%j is refused on %s', (change, field, message) => {
    expect(errorsOf(productNotificationFormSchema, { ...notification, ...change })).toEqual({ [field]: [message] });
  });

  it('takes an empty or missing phone as none', () => {
    expect(errorsOf(productNotificationFormSchema, { ...notification, phone: '  ' })).toEqual({});
    const { phone: _phone, ...withoutPhone } = notification;
    expect(errorsOf(productNotificationFormSchema, withoutPhone)).toEqual({});
  });

  it('lets the modal check only what the person fills in', () => {
    const { product_id: _id, ...fields } = notification;
    expect(errorsOf(productNotificationFieldsSchema, fields)).toEqual({});
  });

  it('accepts every phone made of digits, spaces, + and - with a digit, and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (phone) => {
        const accepted = productNotificationFieldsSchema.safeParse({ ...notification, phone }).success;
        const trimmed = phone.trim();
        expect(accepted).toBe(trimmed === '' || (/^[0-9 +-]+$/.test(trimmed) && /[0-9]/.test(trimmed)));
      }),
    );
  });
});

describe('SPEC §5 enquiry', () => {
  it('accepts the form, unticked contact boxes defaulting to false', () => {
    const { contact_by_phone: _p, contact_by_email: _e, ...rest } = enquiry;
    expect(enquiryFormSchema.parse(rest)).toMatchObject({ contact_by_phone: false, contact_by_email: false, product_type: 'part' });
  });

  it('requires first name, last name, phone and email with the messages of SPEC §5, and both boxes', () => {
    expect(errorsOf(enquiryFieldsSchema, {})).toEqual({
      first_name: ['Please enter your first name.'],
      last_name: ['Please enter your last name.'],
      phone_number: ['Please enter your phone number.'],
      email_address: ['Please enter your email address.'],
      agree_terms: ['Please accept the terms and conditions.'],
      agree_marketing: ['Please agree to be contacted about your enquiry.'],
    });
  });

  it.each([
    [{ phone_number: 'call me' }, 'phone_number', 'A phone number can only contain digits, spaces, + and -.'],
    [{ email_address: 'priya@' }, 'email_address', 'Please enter a valid email address.'],
    [{ agree_marketing: false }, 'agree_marketing', 'Please agree to be contacted about your enquiry.'],
    [{ form_name: 'Contact form' }, 'form_name', 'Please check the details you have entered.'],
    [{ product_id: '' }, 'product_id', 'Please check the details you have entered.'],
    [{ product_type: 'vehicle', product_id: 'PF-000123' }, 'product_id', 'Please check the details you have entered.'],
  ])('%j is refused on %s', (change, field, message) => {
    expect(errorsOf(enquiryFormSchema, { ...enquiry, ...change })).toEqual({ [field]: [message] });
  });

  it('keeps the optional message to 2000 characters', () => {
    expect(errorsOf(enquiryFormSchema, { ...enquiry, message: 'x'.repeat(2000) })).toEqual({});
    expect(errorsOf(enquiryFormSchema, { ...enquiry, message: 'x'.repeat(2001) })).toEqual({ message: ['Please check the details you have entered.'] });
  });

  it('takes a vehicle product by its slug', () => {
    expect(errorsOf(enquiryFormSchema, { ...enquiry, product_type: 'vehicle', product_id: 'ford-focus-2015-1' })).toEqual({});
  });
});

describe('product references', () => {
  it('a part is named by its Tag, a vehicle product by its slug', () => {
    expect(isProductReference('part', 'PF-000123')).toBe(true);
    expect(isProductReference('part', '../etc')).toBe(false);
    expect(isProductReference('vehicle', 'ford-focus-2015')).toBe(true);
    expect(isProductReference('vehicle', 'Ford Focus')).toBe(false);
  });
});
