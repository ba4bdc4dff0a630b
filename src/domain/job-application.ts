/**
 * The job application form (SPEC §2 'Read more and apply'): name, e-mail, phone (SPEC §5's rule), an optional
 * message and a CV, PDF or Word, at most 5 MB. The form's resolver checks these rules before
 * sending; the server checks the same again and tells a CV's type by its bytes, not its name.
 */
import * as z from 'zod/mini';
import { t, type MessageKey } from './messages';
import './messages-more';
import { isEmail, isPhone } from './validation';
import { lazySchema } from './lazy-schema';

export const APPLICATION_LIMITS = { name: 100, email: 254, phone: 30, message: 4000 } as const;
/** The CV's largest size: 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
/** What the file picker offers: PDF and Word (.pdf, .doc, .docx). */
export const CV_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const CV_EXTENSION = /\.(pdf|docx?)$/i;
const CV_TYPES = new Set(['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);

/** The facts of a chosen file the rule needs (a browser File has them). */
export interface CvFile {
  name: string;
  size: number;
  type: string;
}

/** Why a chosen CV cannot be sent, or null: none chosen, empty, not PDF or Word by its name or type, over 5 MB. */
export function cvProblem(file: CvFile | null | undefined): MessageKey | null {
  if (!file) return 'jobs.cv_required';
  if (!CV_EXTENSION.test(file.name) && !CV_TYPES.has(file.type)) return 'jobs.cv_type';
  if (file.size === 0) return 'jobs.cv_required';
  if (file.size > CV_MAX_BYTES) return 'jobs.cv_size';
  return null;
}

function requiredText(missing: MessageKey, max: number, problemOf: (value: string) => MessageKey | null = () => null) {
  return z.string({ error: t(missing) }).check(
    z.trim(),
    z.superRefine((value, context) => {
      const problem = value === '' ? missing : [...value].length > max ? 'validation.error' : problemOf(value);
      if (problem) context.addIssue({ code: 'custom', message: t(problem), input: value });
    }),
  );
}

/** The form's fields; `cv` is the chosen file or null. */
export const jobApplicationSchema = lazySchema(() => z.object({
  name: requiredText('validation.required_full_name', APPLICATION_LIMITS.name),
  email: requiredText('validation.required_email', APPLICATION_LIMITS.email, (value) => (isEmail(value) ? null : 'validation.email')),
  phone: requiredText('validation.required_phone', APPLICATION_LIMITS.phone, (value) => (isPhone(value) ? null : 'validation.phone')),
  message: z.string().check(
    z.trim(),
    z.refine((value) => [...value].length <= APPLICATION_LIMITS.message, t('jobs.message_max', { max: APPLICATION_LIMITS.message })),
  ),
  cv: z.custom<CvFile | null>().check(
    z.superRefine((value, context) => {
      const problem = cvProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: t(problem), input: value });
    }),
  ),
}));
export type JobApplicationFields = z.input<typeof jobApplicationSchema>;
