/**
 * The return form of SPEC §3 'Return reason details' and §5 'Return': each reason carries the form
 * the customer fills in (form_fields), and one rule decides which fields are visible and which
 * visible required fields are missing. The return modal (browser) and POST /returns/create
 * (server) both call {@link returnFormProblems}, so 'required field' means the same on both sides.
 *
 * Field kinds: `div` (a block of text, no value), `image` (one photo), `images` (several photos),
 * `radio` and `select` (one of `options`), `text` and `textarea` (free text).
 */
import { addDays, type CalendarDate, formatLongDate, londonDate, londonTime } from './dates';
import { registrationKey, VRN_MAX_LENGTH } from './vehicle-numbers';
import { t } from './messages';
import './messages-more';
import './messages-account';

export const RETURN_FIELD_TYPES = ['div', 'image', 'images', 'radio', 'select', 'text', 'textarea'] as const;
export type ReturnFieldType = (typeof RETURN_FIELD_TYPES)[number];

/** The kinds that take photos; their values travel as files (`name[]` in the multipart body). */
export const PHOTO_FIELD_TYPES: readonly ReturnFieldType[] = ['image', 'images'];

/**
 * How a text field's value is cleaned before it is checked and stored (SPEC §3 `option`):
 * 'uppercase' upper-cases it; 'registration' is a vehicle registration, cleaned by the shop's one
 * rule for registrations ({@link registrationKey}: spaces removed, upper-cased).
 */
export const RETURN_FIELD_OPTIONS = ['uppercase', 'registration'] as const;
export type ReturnFieldOption = (typeof RETURN_FIELD_OPTIONS)[number];

/** One choice of a radio or select field. */
export interface ReturnFieldChoice {
  value: string;
  label: string;
}

/** A field is shown only while the field named `name` has the value `value` (and is shown itself). */
export interface VisibleIf {
  name: string;
  value: string;
}

/** SPEC §3: one field of a reason's form. */
export interface ReturnFormField {
  /** The key its value is sent and stored under; photos are sent as `name[]`. */
  name: string;
  type: ReturnFieldType;
  /** What the customer reads beside the field ('' for a div). */
  label: string;
  required: boolean;
  /** radio and select: the choices, in order. */
  options?: ReturnFieldChoice[] | undefined;
  visible_if?: VisibleIf | null | undefined;
  /** A CSS hint for the modal's layout (e.g. 'col-12'); the modal may ignore it. */
  class?: string | undefined;
  /** image and images: the file picker's accept attribute. */
  accept?: string | undefined;
  /** images: true (several photos); image: false. */
  multiple?: boolean | undefined;
  /** div: the text shown. */
  content?: string | undefined;
  /** text: how the value is cleaned (see {@link RETURN_FIELD_OPTIONS}). */
  option?: ReturnFieldOption | undefined;
}

/** SPEC §3: a return reason with its form (GET /return-reasons/get/{id} `details`). */
export interface ReturnReasonDetails {
  id: number;
  name: string;
  form_fields: ReturnFormField[];
}

/** Upload limits (issue 15): at most 6 photos in all, each at most 10 MB. */
export const RETURN_PHOTOS_MAX = 6;
export const RETURN_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** What the photo fields' file picker offers; the server reads the type from the bytes, not from this. */
export const RETURN_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
/** The longest answer of a text field and of a textarea. */
export const RETURN_TEXT_MAX_LENGTH = 200;
export const RETURN_TEXTAREA_MAX_LENGTH = 2000;

/**
 * The form as filled in: a text field's string, a choice's value, a photo field's files (any
 * array: the browser's File objects, the server's received uploads; only how many counts here).
 */
export type ReturnFormValue = string | readonly unknown[] | null | undefined;
export type ReturnFormValues = Readonly<Record<string, ReturnFormValue>>;

export const isPhotoField = (field: Pick<ReturnFormField, 'type'>): boolean => PHOTO_FIELD_TYPES.includes(field.type);

/** The answer a text field keeps: trimmed, then cleaned by its `option`. */
export function cleanReturnAnswer(field: Pick<ReturnFormField, 'option'>, value: string): string {
  const trimmed = value.trim();
  if (field.option === 'registration') return registrationKey(trimmed);
  if (field.option === 'uppercase') return trimmed.toUpperCase();
  return trimmed;
}

function filled(value: ReturnFormValue): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return value.length > 0;
}

/**
 * The fields shown for these values, in form order. A field with `visible_if` is shown while the
 * named field is shown and its value equals `visible_if.value` (compared as text, trimmed); a
 * condition naming an unknown field, or a chain that loops, hides the field.
 */
export function visibleReturnFields(fields: readonly ReturnFormField[], values: ReturnFormValues): ReturnFormField[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const memo = new Map<string, boolean>();
  const shown = (field: ReturnFormField, seen: ReadonlySet<string>): boolean => {
    const known = memo.get(field.name);
    if (known !== undefined) return known;
    let result = true;
    const condition = field.visible_if;
    if (condition) {
      const parent = byName.get(condition.name);
      const value = values[condition.name];
      result =
        parent !== undefined &&
        !seen.has(parent.name) &&
        typeof value === 'string' &&
        value.trim() === condition.value &&
        shown(parent, new Set([...seen, field.name]));
    }
    memo.set(field.name, result);
    return result;
  };
  return fields.filter((field) => shown(field, new Set([field.name])));
}

/** The visible required fields that have no value (a div never needs one), in form order. */
export function missingReturnFields(fields: readonly ReturnFormField[], values: ReturnFormValues): ReturnFormField[] {
  return visibleReturnFields(fields, values).filter((field) => field.type !== 'div' && field.required && !filled(values[field.name]));
}

/**
 * SPEC §5 'Return': every problem of the form, by field name, in form order: 'required field' for
 * each visible required field left empty (photos: none chosen), a choice that is not one of the
 * options, a text longer than its limit. Hidden fields are not checked (their values are dropped:
 * see {@link returnAnswers}). Text values are checked as {@link cleanReturnAnswer} leaves them.
 */
export function returnFormProblems(fields: readonly ReturnFormField[], values: ReturnFormValues): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (name: string, message: string) => {
    (problems[name] ??= []).push(message);
  };
  const missing = new Set(missingReturnFields(fields, values).map((field) => field.name));
  for (const field of visibleReturnFields(fields, values)) {
    if (missing.has(field.name)) {
      add(field.name, t('return.required_field'));
      continue;
    }
    const value = values[field.name];
    if (field.type === 'div' || isPhotoField(field) || typeof value !== 'string' || value.trim() === '') continue;
    if ((field.type === 'radio' || field.type === 'select') && !(field.options ?? []).some((choice) => choice.value === value.trim())) {
      add(field.name, t('return.invalid_choice'));
    }
    const max = field.type === 'textarea' ? RETURN_TEXTAREA_MAX_LENGTH : field.option === 'registration' ? VRN_MAX_LENGTH : RETURN_TEXT_MAX_LENGTH;
    if ((field.type === 'text' || field.type === 'textarea') && cleanReturnAnswer(field, value).length > max) {
      add(field.name, t('return.too_long', { max }));
    }
  }
  return problems;
}

/**
 * What is stored of a valid form: the visible text and choice fields' cleaned values by name
 * (photos are stored as files; divs and hidden fields keep nothing, so an answer to a question
 * that was not asked is never kept).
 */
export function returnAnswers(fields: readonly ReturnFormField[], values: ReturnFormValues): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of visibleReturnFields(fields, values)) {
    const value = values[field.name];
    if (field.type === 'div' || isPhotoField(field) || typeof value !== 'string') continue;
    const cleaned = cleanReturnAnswer(field, value);
    if (cleaned !== '') answers[field.name] = cleaned;
  }
  return answers;
}

/**
 * Problems of a reason's form itself (seed data and tests): names unique and usable as multipart
 * keys, choices for radio and select, `visible_if` naming an earlier radio or select field and
 * one of its options, `option` only on text fields.
 */
export function returnFormDefinitionProblems(fields: readonly ReturnFormField[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, ReturnFormField>();
  for (const field of fields) {
    if (!/^[a-z][a-z0-9_]{0,49}$/.test(field.name)) problems.push(`${field.name}: a name is lower-case letters, digits and _`);
    if (seen.has(field.name)) problems.push(`${field.name}: the name is used twice`);
    if ((field.type === 'radio' || field.type === 'select') && (field.options ?? []).length < 2) problems.push(`${field.name}: a ${field.type} needs at least two options`);
    if (field.option && field.type !== 'text') problems.push(`${field.name}: option applies to text fields only`);
    if (field.type === 'div' && field.required) problems.push(`${field.name}: a div takes no value, so it cannot be required`);
    if (field.visible_if) {
      const parent = seen.get(field.visible_if.name);
      if (!parent) problems.push(`${field.name}: visible_if names ${field.visible_if.name}, which is not an earlier field`);
      else if (!(parent.options ?? []).some((choice) => choice.value === field.visible_if?.value)) {
        problems.push(`${field.name}: visible_if value ${field.visible_if.value} is not an option of ${parent.name}`);
      }
    }
    seen.set(field.name, field);
  }
  return problems;
}

/**
 * The returns window (issue 15; RETURNS_WINDOW_DAYS, the content page product-returns): a paid
 * line may be returned until the end of the London day `days` days after the order was paid.
 * Answers that last day and whether `now` is still within it.
 */
export function returnsWindow(paidAt: Date, days: number, now: Date): { lastDay: CalendarDate; open: boolean; lastDayText: string } {
  const lastDay = addDays(londonDate(paidAt), days);
  return { lastDay, open: londonDate(now) <= lastDay, lastDayText: formatLongDate(londonTime(lastDay, 12)) };
}

/**
 * What a deleted account's return or claim keeps of its answers (account deletion): the choices
 * (radio, select), the record of what was asked for and decided. What the member wrote in their own
 * words (text, textarea: a registration, a description) and the photos' ids (the photos are deleted)
 * go, as does an answer to a question the form no longer has.
 */
export function choiceAnswers(fields: readonly ReturnFormField[], answers: Readonly<Record<string, unknown>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of fields) {
    const value = answers[field.name];
    if ((field.type === 'radio' || field.type === 'select') && typeof value === 'string') kept[field.name] = value;
  }
  return kept;
}
