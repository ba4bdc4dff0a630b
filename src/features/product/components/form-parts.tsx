/** Pieces the product pages' forms share: a checkbox with its error, and the server's field errors. */
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../../shared/api/api-error';
import styles from './product-forms.module.css';

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

/**
 * Puts each field error of a 422 answer under its field (SPEC §5, §8: errors.email under the
 * email field) and returns whether any matched a field of this form; the first one gets focus.
 */
export function showServerErrors<T extends FieldValues>(error: ApiError, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
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

/** One random key per intended submission (Idempotency-Key), reused when that submission is retried. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
