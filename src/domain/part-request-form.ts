/**
 * SPEC §5 'Part request (shop form)': the fields checked in order (name, email, car_reg, part type,
 * bot-check token; the phone is optional), each reporting one message key of the catalogue. The
 * form's resolver and the server's check are this one schema, so both refuse the same input.
 */
import * as z from 'zod/mini';
import { t, type MessageKey } from './messages';
import './messages-more';
import { cleanVrn, isEmail, isPhone } from './validation';
import { lazySchema } from './lazy-schema';

export const PART_REQUEST_NAME_MIN = 3;
export const PART_REQUEST_EMAIL_MIN = 6;
export const PART_REQUEST_CAR_REG_MIN = 3;
const NAME_MAX = 100;
/** The longest address SMTP can carry. */
const EMAIL_MAX = 254;
const PHONE_MAX = 30;
/** Turnstile tokens are up to 2048 characters; an ALTCHA payload is under 1 KB. */
const TOKEN_MAX = 4096;

type Problem = readonly [key: MessageKey, vars?: Readonly<Record<string, number>>];

const minChars = (min: number): Problem => ['validation.min_chars', { min }];
const length = (value: string) => [...value].length;

/** A string field that reports exactly one problem: the first that `problemOf` finds. */
function field(missing: MessageKey, problemOf: (value: string) => Problem | null, prepare: (value: string) => string = (value) => value.trim()) {
  return z.string({ error: t(missing) }).check(
    z.overwrite(prepare),
    z.superRefine((value, context) => {
      const problem = value === '' ? ([missing] as const) : problemOf(value);
      if (problem) context.addIssue({ code: 'custom', message: t(...problem), input: value });
    }),
  );
}

export const partRequestFormSchema = lazySchema(() => z.object({
  name: field('validation.required_full_name', (value) => {
    if (length(value) < PART_REQUEST_NAME_MIN) return minChars(PART_REQUEST_NAME_MIN);
    return length(value) > NAME_MAX ? ['validation.error'] : null;
  }),
  email: field('validation.required_email', (value) => {
    if (length(value) < PART_REQUEST_EMAIL_MIN) return minChars(PART_REQUEST_EMAIL_MIN);
    return length(value) <= EMAIL_MAX && isEmail(value) ? null : ['validation.email'];
  }),
  /** Cleaned as the search forms clean a registration: spaces removed, upper-cased, at most 10. */
  car_reg: field(
    'filters.vrn_put_vrn',
    (value) => {
      if (!/^[A-Z0-9]+$/.test(value)) return ['filters.vrn_put_vrn'];
      return value.length < PART_REQUEST_CAR_REG_MIN ? minChars(PART_REQUEST_CAR_REG_MIN) : null;
    },
    cleanVrn,
  ),
  /** The part type chosen in the select (SPEC §3 {ID, Name}); null until one is chosen. */
  part: z.object(
    {
      ID: z.int({ error: t('validation.select_part_type') }).check(z.positive(t('validation.select_part_type'))),
      Name: z.optional(z.string()),
    },
    { error: t('validation.select_part_type') },
  ),
  /** Optional; an empty field means none. */
  phone: z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || (value.length <= PHONE_MAX && isPhone(value)), t('validation.phone')),
    ),
  ),
  'cf-token': z.string({ error: t('validation.required_captcha') }).check(
    z.trim(),
    z.minLength(1, t('validation.required_captcha')),
    z.maxLength(TOKEN_MAX, t('validation.captcha_failed')),
  ),
}));
export type PartRequestForm = z.output<typeof partRequestFormSchema>;
