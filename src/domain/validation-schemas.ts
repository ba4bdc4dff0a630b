/**
 * The field rules of validation.ts as zod schemas, for the forms' resolvers and the API's request
 * schemas. Apart from the rules themselves so a screen that only checks a field needs no zod.
 */
import * as z from 'zod/mini';
import { t } from './messages';
import './messages-more';
import { isPhone, isUkPostcode, normalisePostcode, passwordProblems, vatNumberProblem } from './validation';
import { lazySchema } from './lazy-schema';

/** SPEC §5 password rule as a zod schema, for the forms' resolver and the API's request schemas. */
export const passwordSchema = lazySchema(() => z.string().check(
  z.superRefine((value, context) => {
    for (const key of passwordProblems(value)) context.addIssue({ code: 'custom', message: t(key), input: value });
  }),
));

/** SPEC §5 VAT number as a zod schema (empty and invalid numbers get their own texts). */
export const vatNumberSchema = lazySchema(() => z.string().check(
  z.superRefine((value, context) => {
    const problem = vatNumberProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: t(problem), input: value });
  }),
));

/** SPEC §5 UK postcode as a zod schema; the value is normalised first. */
export const ukPostcodeSchema = lazySchema(() => z
  .string()
  .check(z.overwrite((value) => normalisePostcode(value).trim()), z.refine(isUkPostcode, { error: t('validation.postcode') })));

/** SPEC §5 phone as a zod schema. */
export const phoneSchema = lazySchema(() => z.string().check(z.trim(), z.refine(isPhone, { error: t('validation.phone') })));
