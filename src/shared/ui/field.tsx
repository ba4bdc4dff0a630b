import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

/** Props a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
  className: string;
}

/** The class names of a field's parts: the storefront's (field.module.css) or the back office's (admin.css bo-field). */
export interface FieldLook {
  field: string;
  label: string;
  hint: string;
  control: string;
  error: string;
  /** Leave aria-invalid off a valid control (the back office's markup) rather than set it to false. */
  invalidOnly?: boolean;
}

const STOREFRONT_LOOK: FieldLook = { field: styles.field ?? '', label: styles.label ?? '', hint: styles.hint ?? '', control: styles.control ?? '', error: styles.error ?? '' };

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error message; shown under the control and announced with it. */
  error?: string | undefined;
  className?: string | undefined;
  look?: FieldLook;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field: label, optional hint and error under the control, linked to it with
 * aria-describedby so a screen reader reads them when the control gets focus.
 */
export function Field({ label, hint, error, className, look = STOREFRONT_LOOK, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const invalid = look.invalidOnly ? (error ? true : undefined) : Boolean(error);
  return (
    <div className={[look.field, className].filter(Boolean).join(' ')}>
      <label className={look.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className={look.hint}>
          {hint}
        </span>
      ) : null}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid, className: look.control })}
      {error ? (
        <span id={errorId} className={look.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
