import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  className: string;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error (from `fieldErrorsOf` of a 422): shown under the control and read with it. */
  error?: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field: the label, an optional hint and the error under the control, tied to it
 * by aria-describedby so a screen reader reads them when the control gets focus.
 */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['bo-field', className].filter(Boolean).join(' ')}>
      <label className="bo-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className="bo-field__hint">
          {hint}
        </span>
      ) : null}
      {children({ id, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined, 'aria-invalid': error ? true : undefined, className: 'bo-field__control' })}
      {error ? (
        <span id={errorId} className="bo-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string | undefined };

/** A text-like input in a Field. */
export function TextField({ label, hint, error, className, ...input }: InputProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
};

/** A select in a Field. */
export function SelectField({ label, hint, error, className, options, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string | undefined };

/** A textarea in a Field. */
export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea {...control} {...textarea} />}
    </Field>
  );
}
