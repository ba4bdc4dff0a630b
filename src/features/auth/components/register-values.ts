/**
 * The registration form's values and labels (SPEC §3 Registration form): the fields of
 * src/domain/member-forms.ts registrationShape, with the delivery block always present (it is
 * sent only when the person asks for a separate delivery address) and the questionnaire's answers
 * as the form edits them (turned into the one JSON string when the form is checked and sent).
 */
import { DEFAULT_COUNTRY_ID } from '../../../domain/cart';
import { OTHER_OPTION, QUESTIONNAIRE, questionnaireJson, type QuestionInput, type RegistrationForm } from '../../../domain/member-forms';
import type { MemberType } from '../../../domain/checkout-form';

/** One question as the form holds it: a select gives one string, a checkbox group an array (or false when none is ticked). */
export interface AnswerValue {
  chosen: string | string[] | boolean;
  other: string;
}

export type RegisterValues = Omit<RegistrationForm, 'shipping'> & {
  shipping: NonNullable<RegistrationForm['shipping']>;
  answers: Record<string, AnswerValue>;
};

export function emptyRegistration(): RegisterValues {
  return {
    email: '',
    password: '',
    confirm_password: '',
    first_name: '',
    last_name: '',
    type: 'PRIVATE',
    newsletter: false,
    same_shipping_address: true,
    member_profile: { mobile: '', phone: '', questionnaire: '' },
    member_address: { first_name: '', last_name: '', company_name: '', vat_no: '', address1: '', address2: '', county: '', postcode: '', city: '', country_id: DEFAULT_COUNTRY_ID, address_type: 'BOTH' },
    shipping: { first_name: '', last_name: '', company_name: '', address1: '', address2: '', county: '', postcode: '', city: '', country_id: DEFAULT_COUNTRY_ID, address_type: 'DELIVERY', phone: '' },
    agree_terms: false,
    agree_privacy: false,
    answers: {},
  };
}

const chosenList = (value: AnswerValue['chosen'] | undefined): string[] => (Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : []);

/** The questionnaire as SPEC §3 emits it: one JSON string of the member type's questions. */
export function answersJson(type: MemberType, answers: Readonly<Record<string, AnswerValue | undefined>>): string {
  const inputs: Record<string, QuestionInput> = {};
  for (const question of QUESTIONNAIRE[type]) {
    const value = answers[question.key];
    const chosen = chosenList(value?.chosen);
    inputs[question.key] = { answers: chosen, other: chosen.includes(OTHER_OPTION) ? (value?.other ?? '') : '' };
  }
  return questionnaireJson(type, inputs);
}

/** Whether 'Other' is among a question's chosen answers (its text field shows then). */
export const choseOther = (value: AnswerValue | undefined): boolean => chosenList(value?.chosen).includes(OTHER_OPTION);

/**
 * The body of POST /members/register: the form's fields with the questionnaire's JSON; the terms
 * box agrees the terms and the privacy policy together (its text is both statics); the delivery
 * block only when it is a separate address.
 */
export function registrationBody(values: RegisterValues): RegistrationForm {
  const { answers, shipping, ...rest } = values;
  const same = values.same_shipping_address;
  return {
    ...rest,
    agree_privacy: values.agree_terms,
    member_profile: { ...values.member_profile, questionnaire: answersJson(values.type, answers) },
    member_address: { ...values.member_address, address_type: same ? 'BOTH' : 'BILLING' },
    ...(same ? {} : { shipping: { ...shipping, address_type: 'DELIVERY' as const } }),
  };
}

/** Field names as the form knows them, with the label each shows, in the form's order (the problem list at the top). */
export const REGISTER_LABELS: Readonly<Record<string, string>> = {
  email: 'Email',
  password: 'Password',
  confirm_password: 'Repeat password',
  first_name: 'First name',
  last_name: 'Last name',
  'member_profile.mobile': 'Mobile',
  'member_profile.phone': 'Second phone',
  type: 'Account type',
  'member_address.company_name': 'Company name',
  'member_address.vat_no': 'VAT number',
  'member_address.first_name': 'Billing first name',
  'member_address.last_name': 'Billing last name',
  'member_address.postcode': 'Postcode',
  'member_address.address1': 'Address line 1',
  'member_address.address2': 'Address line 2',
  'member_address.city': 'Town or city',
  'member_address.county': 'County',
  'member_address.country_id': 'Country',
  'shipping.first_name': 'Delivery first name',
  'shipping.last_name': 'Delivery last name',
  'shipping.company_name': 'Delivery company name',
  'shipping.postcode': 'Delivery postcode',
  'shipping.address1': 'Delivery address line 1',
  'shipping.address2': 'Delivery address line 2',
  'shipping.city': 'Delivery town or city',
  'shipping.county': 'Delivery county',
  'shipping.country_id': 'Delivery country',
  'shipping.phone': 'Delivery phone',
  agree_terms: 'Terms and conditions',
};

/** The label of a field, questionnaire answers included ('answers.how_heard.chosen' → the question). */
export function labelOf(path: string): string {
  const known = REGISTER_LABELS[path];
  if (known) return known;
  const match = /^answers\.([a-z_]+)\.(chosen|other)$/.exec(path);
  if (match) {
    const question = [...QUESTIONNAIRE.PRIVATE, ...QUESTIONNAIRE.COMPANY].find((each) => each.key === match[1]);
    if (question) return match[2] === 'other' ? `${question.question} (Other)` : question.question;
  }
  return path;
}

/** Where a field sits in the form, for listing problems in reading order. */
export function orderOf(path: string): number {
  const keys = Object.keys(REGISTER_LABELS);
  const index = keys.indexOf(path);
  if (index >= 0) return index;
  // The questionnaire comes after the addresses and before the agreements.
  return path.startsWith('answers.') ? keys.indexOf('agree_terms') - 0.5 : keys.length;
}
