import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field as KitField, type FieldLook } from '../../shared/ui/field';

export type { FieldControlProps } from '../../shared/ui/field';

const BACK_OFFICE_LOOK: FieldLook = { field: 'bo-field', label: 'bo-field__label', hint: 'bo-field__hint', control: 'bo-field__control', error: 'bo-field__error', invalidOnly: true };

/**
 * A labelled form field of the back office: the UI kit's field (label, hint and the error from
 * `fieldErrorsOf` of a 422 under the control, read with it) in the back office's look.
 */
export function Field(props: Omit<ComponentPropsWithRef<typeof KitField>, 'look'>) {
  return <KitField {...props} look={BACK_OFFICE_LOOK} />;
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
