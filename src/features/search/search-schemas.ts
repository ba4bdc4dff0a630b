/**
 * The three search forms' rules (SPEC §5) as zod schemas for react-hook-form. Written with
 * zod/mini, whose functions tree-shake, to keep the home route's JavaScript small.
 */
import * as z from 'zod/mini';
import { t } from '../../domain/messages';
import { cleanPartNumber, cleanVrn, PART_NUMBER_MIN_LENGTH } from '../../domain/validation';

const partType = z.string().check(z.minLength(1, t('filters.required_part_type')));

export const registrationSearchSchema = z.object({
  vrn: z.pipe(z.pipe(z.string(), z.transform(cleanVrn)), z.string().check(z.minLength(1, t('filters.vrn_put_vrn')))),
  partType: z.string().check(z.minLength(1, t('filters.vrn_select_part_type'))),
});
export type RegistrationSearchValues = z.input<typeof registrationSearchSchema>;

export const partNumberSearchSchema = z.object({
  oem: z.pipe(
    z.pipe(z.string(), z.transform(cleanPartNumber)),
    z.string().check(z.minLength(1, t('filters.vrn_oem')), z.minLength(PART_NUMBER_MIN_LENGTH, t('filters.required_oem'))),
  ),
});
export type PartNumberSearchValues = z.input<typeof partNumberSearchSchema>;

export const makeModelSearchSchema = z.object({
  // A disabled select reads as undefined, hence the message for a missing value too.
  make: z.string({ error: t('filters.required_make') }).check(z.minLength(1, t('filters.required_make'))),
  model: z.string({ error: t('filters.required_model') }).check(z.minLength(1, t('filters.required_model'))),
  year: z.string(),
  partType,
});
export type MakeModelSearchValues = z.input<typeof makeModelSearchSchema>;
