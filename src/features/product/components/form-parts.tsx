/**
 * Pieces the product pages' forms share: the form's state and sending, the fields both forms ask
 * for (name, email), a checkbox with its error, the notice above the fields and the send button.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path, type UseFormRegisterReturn, type UseFormSetError } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { isApiError, type ApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import styles from './product-forms.module.css';
import { newIdempotencyKey } from '../../../shared/api/idempotency';

interface ProductFormOptions<T extends FieldValues> {
  /** The domain's schema of the fields: the form is checked with it before anything is sent. */
  schema: $ZodType<unknown, FieldValues>;
  /** Every field of the form: the server's field errors are shown under these. */
  defaultValues: T;
  /** The form's request is on its way: a second press sends nothing. */
  sending: boolean;
  /** Sends the checked values; an API error it throws is shown on the form. */
  send: (values: T, idempotencyKey: string) => Promise<void>;
}

/**
 * A product form: react-hook-form checked by the domain's schema, one Idempotency-Key for the
 * form's submission (reused when it is sent again after an error), and the notice above the
 * fields when the server refuses it (validation.error when its errors went under their fields).
 */
export function useProductForm<T extends FieldValues>({ schema, defaultValues, sending, send }: ProductFormOptions<T>) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<T>({ resolver: zodResolver(schema) as never, defaultValues: defaultValues as DefaultValues<T> });
  const submit = form.handleSubmit(async (values) => {
    if (sending) return;
    setNotice(null);
    try {
      await send(values, idempotencyKey);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const matched = showServerErrors(error, Object.keys(defaultValues) as Path<T>[], form.setError);
      setNotice(matched ? t('validation.error') : error.msg);
    }
  });
  return { form, notice, submit, working: form.formState.isSubmitting || sending };
}

type InputProps = ComponentPropsWithRef<'input'> & { label: ReactNode; hint?: ReactNode; error?: string | undefined };

/** A text input with its label, hint and error (errors.<field> under the field). */
export function TextInput({ label, hint, error, ...input }: InputProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(field) => <input {...field} {...input} />}
    </Field>
  );
}

/**
 * First and last name side by side (one above the other on a phone), as both forms ask for them.
 * The form registers them where it places them: react-hook-form focuses the first field with an
 * error in the order the fields were registered.
 */
export function NameFields({
  first,
  last,
  errors,
}: {
  first: UseFormRegisterReturn<'first_name'>;
  last: UseFormRegisterReturn<'last_name'>;
  errors: { first_name?: FieldError | undefined; last_name?: FieldError | undefined };
}) {
  return (
    <div className={styles.pair}>
      <TextInput label="First name" error={errors.first_name?.message} {...first} autoComplete="given-name" />
      <TextInput label="Last name" error={errors.last_name?.message} {...last} autoComplete="family-name" />
    </div>
  );
}

export function EmailInput(props: Omit<InputProps, 'label'>) {
  return <TextInput label="Email" {...props} type="email" autoComplete="email" inputMode="email" />;
}

type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & { label: ReactNode; error?: string | undefined };

export function Checkbox({ label, error, className, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={[styles.checkField, className].filter(Boolean).join(' ')}>
      <label className={styles.check} htmlFor={id}>
        <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
        <span>{label}</span>
      </label>
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The server's answer when it refused the form, above the fields. */
export function FormNotice({ notice }: { notice: string | null }) {
  return notice ? (
    <p className={styles.notice} role="alert">
      {notice}
    </p>
  ) : null;
}

/** The form's send button: it says so while the form is being sent. */
export function SendButton({ working, children }: { working: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" block aria-disabled={working}>
      {working ? 'Sending…' : children}
    </Button>
  );
}

/**
 * Puts each field error of a 422 answer under its field (SPEC §5, §8: errors.email under the
 * email field) and returns whether any matched a field of this form; the first one gets focus.
 */
function showServerErrors<T extends FieldValues>(error: ApiError, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  let first = true;
  let matched = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const name = fields.find((candidate) => candidate === field);
    if (!name || !messages[0]) continue;
    setError(name, { type: 'server', message: messages[0] }, { shouldFocus: first });
    first = false;
    matched = true;
  }
  return matched;
}

