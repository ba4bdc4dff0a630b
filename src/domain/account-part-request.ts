/**
 * SPEC §5 'Part request (account)': the registration required and cleaned by the one registration
 * rule (cleanVrn: spaces removed, upper-cased, at most 10), the part either chosen from the part
 * types (its Name becomes the part name) or typed by hand (upper-cased). The account form's
 * resolver and the server's check (POST /part-requests/add.json) are this one schema.
 */
import * as z from 'zod/mini';
import { t } from './messages';
import './messages-more';
import { PART_REQUEST_CAR_REG_MIN } from './part-request-form';
import { cleanVrn } from './vehicle-numbers';
import { lazySchema } from './lazy-schema';

/** The longest part name a member may type. */
export const PART_NAME_MANUALLY_MAX = 100;

/** SPEC §5: a typed part name as the shop keeps it — spaces collapsed, trimmed, upper-cased. */
export function cleanManualPartName(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toUpperCase();
}

const carReg = lazySchema(() => z.string({ error: t('filters.vrn_put_vrn') }).check(
  z.overwrite(cleanVrn),
  z.superRefine((value, context) => {
    let message: string | null = null;
    if (value === '' || !/^[A-Z0-9]+$/.test(value)) message = t('filters.vrn_put_vrn');
    else if (value.length < PART_REQUEST_CAR_REG_MIN) message = t('validation.min_chars', { min: PART_REQUEST_CAR_REG_MIN });
    if (message) context.addIssue({ code: 'custom', message, input: value });
  }),
));

const partName = lazySchema(() => z.string().check(
  z.overwrite(cleanManualPartName),
  z.refine((value) => [...value].length <= PART_NAME_MANUALLY_MAX, t('validation.max_chars', { max: PART_NAME_MANUALLY_MAX })),
));

export const accountPartRequestFormSchema = lazySchema(() => z
  .object({
    car_reg: carReg,
    /** An ID of GET /products/types.json; null or absent while none is chosen. */
    part_type: z.optional(z.nullable(z.int({ error: t('validation.select_part_type') }).check(z.positive(t('validation.select_part_type'))))),
    part_name_manually: z.optional(z.nullable(partName)),
    /** SPEC's field, filled by the form from the chosen type; the server takes the name from its own list. */
    part_name: z.optional(z.nullable(z.string())),
  })
  .check(
    z.refine((form) => partOf(form) !== null, {
      message: t('part_requests.part_required'),
      path: ['part_name_manually'],
      // Reported with the registration's problem, not after it is fixed: both fields at once.
      when: (payload) => {
        const value = payload.value as { part_type?: unknown; part_name_manually?: unknown } | undefined;
        return typeof value === 'object' && value !== null && !payload.issues.some((issue) => issue.path?.[0] === 'part_type' || issue.path?.[0] === 'part_name_manually');
      },
    }),
  ));
export type AccountPartRequestForm = z.output<typeof accountPartRequestFormSchema>;

/** The part asked for: a chosen type wins over a typed name (SPEC §5); null when neither is given. */
export function partOf(form: { part_type?: number | null | undefined; part_name_manually?: string | null | undefined }): { typeId: number } | { name: string } | null {
  if (typeof form.part_type === 'number' && form.part_type > 0) return { typeId: form.part_type };
  const typed = typeof form.part_name_manually === 'string' ? cleanManualPartName(form.part_name_manually) : '';
  return typed === '' ? null : { name: typed };
}
