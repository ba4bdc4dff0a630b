import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

/** Props a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
  className: string;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error message; shown under the control and announced with it. */
  error?: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field: label, optional hint and error under the control, linked to it with
 * aria-describedby so a screen reader reads them when the control gets focus.
 */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': Boolean(error), className: styles.control ?? '' })}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
