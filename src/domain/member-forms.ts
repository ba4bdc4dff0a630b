/**
 * The member account's forms (SPEC §2 'Registration and sign-in', 'Account area'; §3 Registration
 * form, Member record, marketing profile; §5 rules): registration, member details, the password
 * forms, forgotten password and account deletion. The registration form is the checkout's
 * registration (src/domain/checkout-form.ts) without the cart, plus the marketing questionnaire, so
 * the two refuse the same input with the same texts; member details are the checkout's signed-in
 * member form plus the email address.
 *
 * Issue paths are the form's field names as react-hook-form knows them ('member_address.postcode');
 * the server answers with SPEC §5's server field keys ('member_addresses_0_postcode'), see
 * serverFieldKey and formFieldOfServerKey.
 */
import * as z from 'zod/mini';
import { checkCheckoutForm, EMAIL_MAX_LENGTH, formShape, loginFormSchema, type CheckoutForm, type CheckoutFormContext, type MemberType } from './checkout-form';
import { t, type MessageKey } from './messages';
import { isEmail, isValidOtherAnswer, OTHER_ANSWER_MIN_LENGTH, passwordConfirmationProblem, passwordProblems } from './validation';
import './messages-more';
import { lazySchema } from './lazy-schema';

/** Where a member lands after registering: the account area's orders (SPEC §2 panel-orders). */
export const ACCOUNT_ORDERS_PATH = '/panel/#/client/orders';
/** SPEC §4: after a password change or a guest's new password the page goes to the logout address. */
export const LOGOUT_PATH = '/logout';

// ---------------------------------------------------------------------------------------------
// Marketing profile (SPEC §3)

export type QuestionKind = 'checkbox' | 'select';

export interface Question {
  /** The answer's key in the stored JSON. */
  key: string;
  question: string;
  kind: QuestionKind;
  options: readonly string[];
  /** Whether the last option, 'Other', asks for a free text of at least 3 characters. */
  other: boolean;
}

/** The option that asks for a free text. */
export const OTHER_OPTION = 'Other';
/** The stored questionnaire string's limit: the answers of every question with long 'Other' texts fit. */
export const QUESTIONNAIRE_MAX_LENGTH = 4000;
export const OTHER_ANSWER_MAX_LENGTH = 200;

const communicationMethods: Question = {
  key: 'communication_methods',
  question: 'How would you like us to contact you?',
  kind: 'checkbox',
  options: ['Email', 'Phone', 'SMS', 'Social Media'],
  other: false,
};
const howHeard: Question = {
  key: 'how_heard',
  question: 'How did you hear about us?',
  kind: 'select',
  options: ['Search engine', 'Social media', 'eBay', 'Friend or colleague', 'Advertisement', OTHER_OPTION],
  other: true,
};

/** SPEC §3 marketing-profile questions, private and company groups, in the order the form asks them. */
export const QUESTIONNAIRE: Readonly<Record<MemberType, readonly Question[]>> = {
  PRIVATE: [
    {
      key: 'content_topics',
      question: 'Which topics would you like to hear about?',
      kind: 'checkbox',
      options: ['New stock for my vehicle', 'Offers and discounts', 'Repair and maintenance guides', 'Recycling and the environment', OTHER_OPTION],
      other: true,
    },
    communicationMethods,
    howHeard,
  ],
  COMPANY: [
    {
      key: 'business_type',
      question: 'What type of business are you?',
      kind: 'select',
      options: ['Vehicle Repair Garage', 'Body Shop', 'Dealership', 'Fleet Maintenance Provider', 'Salvage Buyer', OTHER_OPTION],
      other: true,
    },
    {
      key: 'vehicle_types',
      question: 'Which vehicle types do you work on?',
      kind: 'checkbox',
      options: ['Cars', 'Vans', '4x4 and SUVs', 'Light commercial vehicles', 'Motorcycles'],
      other: false,
    },
    {
      key: 'parts_purchased',
      question: 'Which parts do you buy most often?',
      kind: 'checkbox',
      options: ['Engines', 'Gearboxes', 'Body panels', 'Lights', 'Electrical parts', 'Suspension and steering', 'Interior parts', OTHER_OPTION],
      other: true,
    },
    {
      key: 'purchase_frequency',
      question: 'How often do you expect to buy from us?',
      kind: 'select',
      options: ['Weekly', 'Monthly', 'Quarterly', 'Occasionally'],
      other: false,
    },
    communicationMethods,
    howHeard,
  ],
};

/** One question's answer as stored (SPEC §3: question, answers, other). */
export interface QuestionAnswer {
  question: string;
  answers: string[];
  other: string;
}
export type QuestionnaireAnswers = Record<string, QuestionAnswer>;

/** What a form sends per question: the chosen options and the 'Other' text. */
export interface QuestionInput {
  answers: readonly string[];
  other?: string | undefined;
}

type Report = (path: readonly (string | number)[], key: MessageKey, vars?: Readonly<Record<string, string | number>>) => void;

const QUESTIONNAIRE_PATH = ['member_profile', 'questionnaire'] as const;

function readAnswers(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function readQuestion(value: unknown): QuestionInput | null {
  if (typeof value !== 'object' || value === null) return null;
  const { answers, other } = value as { answers?: unknown; other?: unknown };
  if (!Array.isArray(answers) || !answers.every((answer) => typeof answer === 'string')) return null;
  if (other !== undefined && typeof other !== 'string') return null;
  return { answers: answers as string[], other: other ?? '' };
}

/**
 * SPEC §5 marketing profile: a select question needs one of its options; a checkbox question any
 * of its options (or none); choosing 'Other' needs a text of at least 3 characters. Problems are
 * reported under 'member_profile.questionnaire.<key>' ('<key>.other' for the text); a string that
 * is not the form's JSON under 'member_profile.questionnaire'.
 */
export function checkQuestionnaire(type: MemberType, json: string, report: Report): void {
  if ([...json].length > QUESTIONNAIRE_MAX_LENGTH) {
    report(QUESTIONNAIRE_PATH, 'validation.max_chars', { max: QUESTIONNAIRE_MAX_LENGTH });
    return;
  }
  const given = json.trim() === '' ? {} : readAnswers(json);
  if (!given) {
    report(QUESTIONNAIRE_PATH, 'members.questionnaire_invalid');
    return;
  }
  const questions = QUESTIONNAIRE[type];
  for (const key of Object.keys(given)) {
    if (!questions.some((question) => question.key === key)) report([...QUESTIONNAIRE_PATH, key], 'members.questionnaire_invalid');
  }
  for (const question of questions) {
    const path = [...QUESTIONNAIRE_PATH, question.key];
    const raw = given[question.key];
    const answer = raw === undefined ? { answers: [], other: '' } : readQuestion(raw);
    if (!answer) {
      report(path, 'members.questionnaire_invalid');
      continue;
    }
    const chosen = answer.answers;
    if (chosen.some((option) => !question.options.includes(option)) || new Set(chosen).size !== chosen.length) {
      report(path, 'members.questionnaire_invalid');
      continue;
    }
    if (question.kind === 'select' && chosen.length !== 1) {
      report(path, 'members.questionnaire_choose');
      continue;
    }
    if (question.other && chosen.includes(OTHER_OPTION)) {
      const other = answer.other ?? '';
      if (!isValidOtherAnswer(other)) report([...path, 'other'], 'members.questionnaire_other', { min: OTHER_ANSWER_MIN_LENGTH });
      else if ([...other.trim()].length > OTHER_ANSWER_MAX_LENGTH) report([...path, 'other'], 'validation.max_chars', { max: OTHER_ANSWER_MAX_LENGTH });
    }
  }
}

/**
 * The answers as the form emits them (SPEC §3: one JSON string), each with its question's text;
 * questions left unanswered are kept with no answers. For the form to send and the server to
 * store (after checkQuestionnaire passed): an 'Other' text is kept only when 'Other' is chosen.
 */
export function questionnaireJson(type: MemberType, inputs: Readonly<Record<string, QuestionInput | undefined>>): string {
  const answers: QuestionnaireAnswers = {};
  for (const question of QUESTIONNAIRE[type]) {
    const input = inputs[question.key];
    const chosen = question.options.filter((option) => input?.answers.includes(option));
    answers[question.key] = { question: question.question, answers: chosen, other: question.other && chosen.includes(OTHER_OPTION) ? (input?.other ?? '').trim() : '' };
  }
  return JSON.stringify(answers);
}

/** The stored (or sent) questionnaire read back for a form; unknown or malformed parts are dropped. */
export function parseQuestionnaire(type: MemberType, json: string): Record<string, QuestionInput> {
  const given = readAnswers(json) ?? {};
  const inputs: Record<string, QuestionInput> = {};
  for (const question of QUESTIONNAIRE[type]) {
    const answer = readQuestion(given[question.key]);
    if (answer) inputs[question.key] = answer;
  }
  return inputs;
}

// ---------------------------------------------------------------------------------------------
// Server field keys (SPEC §5)

const GROUP_KEYS: Readonly<Record<string, string>> = { member_address: 'member_addresses_0', shipping: 'member_addresses_1' };

/**
 * SPEC §5 server field keys: 'email', 'member_profile_mobile', 'member_addresses_0_postcode'
 * (billing), 'member_addresses_1_postcode' (delivery), 'member_profile_questionnaire_how_heard'.
 */
export function serverFieldKey(path: readonly (string | number)[]): string {
  const [group, ...rest] = path.map(String);
  if (group === undefined) return 'request';
  return [GROUP_KEYS[group] ?? group, ...rest].join('_');
}

const FIELD_GROUPS = [
  ['member_addresses_0_', 'member_address.'],
  ['member_addresses_1_', 'shipping.'],
  ['member_profile_questionnaire_', 'member_profile.questionnaire.'],
  ['member_profile_', 'member_profile.'],
] as const;

/** The form's field name of a server field key, for putting the message under its input. */
export function formFieldOfServerKey(key: string): string {
  for (const [prefix, field] of FIELD_GROUPS) {
    if (key.startsWith(prefix)) {
      const rest = key.slice(prefix.length);
      // A question's 'Other' text: 'member_profile_questionnaire_how_heard_other'.
      if (prefix === 'member_profile_questionnaire_' && rest.endsWith('_other')) return `${field}${rest.slice(0, -'_other'.length)}.other`;
      return `${field}${rest}`;
    }
  }
  return key;
}

// ---------------------------------------------------------------------------------------------
// Registration (SPEC §2, §3, §5)

/** SPEC §3 registration form: the checkout form without guest checkout and the cart. */
export const registrationShape = lazySchema(() => z.omit(formShape, { is_guest: true, cart: true }));
export type RegistrationFormInput = z.input<typeof registrationShape>;
export type RegistrationForm = z.output<typeof registrationShape>;

export interface RegistrationContext {
  /** Feature flag companyAccount (SPEC §6). */
  companyAccount: boolean;
}

const asCheckoutForm = (form: Omit<CheckoutForm, 'is_guest' | 'cart'>): CheckoutForm => ({ ...form, is_guest: false, cart: { comments_delivery: '' } });

/** Every problem of a registration: the checkout's registration rules, then the questionnaire. */
export function checkRegistrationForm(form: RegistrationForm, context: RegistrationContext, report: Report): void {
  const checkout: CheckoutFormContext = { signedIn: false, companyAccount: context.companyAccount };
  checkCheckoutForm(asCheckoutForm(form), checkout, report);
  checkQuestionnaire(form.type, form.member_profile.questionnaire, report);
}

const issuesOf =
  <F>(check: (form: F, report: Report) => void) =>
  (form: F, issues: { addIssue: (issue: z.core.$ZodRawIssue) => void }) =>
    check(form, (path, key, vars) => issues.addIssue({ code: 'custom', message: t(key, vars), path: [...path], input: form }));

/** The registration form's schema: the react-hook-form resolver and the server's check. */
export function registrationFormSchema(context: RegistrationContext) {
  return registrationShape.check(z.superRefine(issuesOf<RegistrationForm>((form, report) => checkRegistrationForm(form, context, report))));
}

// ---------------------------------------------------------------------------------------------
// Member details (SPEC §5 'Member details required')

/** SPEC §3 Member record as the details form edits it: the registration form without passwords and agreements. */
export const memberDetailsShape = lazySchema(() => z.omit(formShape, { is_guest: true, cart: true, password: true, confirm_password: true, agree_terms: true, agree_privacy: true }));
export type MemberDetailsFormInput = z.input<typeof memberDetailsShape>;
export type MemberDetailsForm = z.output<typeof memberDetailsShape>;

/**
 * SPEC §5 member details: email, first and last name, mobile, address line 1, county, postcode,
 * city and country required; a private member's billing first and last name, a company's name and
 * VAT number; the questionnaire's rules when answered.
 */
export function checkMemberDetailsForm(form: MemberDetailsForm, context: RegistrationContext, report: Report): void {
  const email = form.email.trim();
  if (email === '') report(['email'], 'validation.required_email');
  else if ([...email].length > EMAIL_MAX_LENGTH || !isEmail(email)) report(['email'], 'validation.email');
  const checkout: CheckoutFormContext = { signedIn: true, companyAccount: context.companyAccount };
  checkCheckoutForm(asCheckoutForm({ ...form, password: '', confirm_password: '', agree_terms: false, agree_privacy: false }), checkout, report);
  if (form.member_profile.questionnaire.trim() !== '') checkQuestionnaire(form.type, form.member_profile.questionnaire, report);
}

export function memberDetailsFormSchema(context: RegistrationContext) {
  return memberDetailsShape.check(z.superRefine(issuesOf<MemberDetailsForm>((form, report) => checkMemberDetailsForm(form, context, report))));
}

// ---------------------------------------------------------------------------------------------
// Passwords (SPEC §3 Password change, §5 password forms)

export const passwordChangeShape = lazySchema(() => z.object({
  current_password: z._default(z.string(), ''),
  password: z._default(z.string(), ''),
  confirm_password: z._default(z.string(), ''),
}));
export type PasswordChangeFormInput = z.input<typeof passwordChangeShape>;
export type PasswordChangeForm = z.output<typeof passwordChangeShape>;

/**
 * SPEC §5 password forms: every field required; the new password by the shop's rule; the
 * confirmation equal. `withCurrent` false for a link's token and a guest's new password (SPEC §6).
 */
export function checkPasswordChange(form: PasswordChangeForm, { withCurrent }: { withCurrent: boolean }, report: Report): void {
  if (withCurrent && form.current_password === '') report(['current_password'], 'validation.required');
  if (form.password === '') report(['password'], 'validation.required');
  else for (const key of passwordProblems(form.password)) report(['password'], key);
  if (form.confirm_password === '') report(['confirm_password'], 'validation.required');
  else {
    const problem = passwordConfirmationProblem(form.password, form.confirm_password);
    if (problem) report(['confirm_password'], problem);
  }
}

export function passwordChangeFormSchema(options: { withCurrent: boolean }) {
  return passwordChangeShape.check(z.superRefine(issuesOf<PasswordChangeForm>((form, report) => checkPasswordChange(form, options, report))));
}

/** SPEC §5 forgotten password: email required, an email address. */
export const forgottenPasswordFormSchema = lazySchema(() => z.object({ email: loginFormSchema.shape.email }));
export type ForgottenPasswordForm = z.output<typeof forgottenPasswordFormSchema>;

// ---------------------------------------------------------------------------------------------
// Account deletion (SPEC §3, §5 'Delete account requires a reason')

/** The chosen reason's id, or null when none is chosen ('--- select ---' is the empty value). */
export function deletionReasonId(value: string | number | null | undefined): number | null {
  const text = String(value ?? '').trim();
  if (!/^[0-9]{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}
