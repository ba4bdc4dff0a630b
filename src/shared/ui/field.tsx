import { useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { useHydrated } from '../hooks/use-hydrated';
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

type Typed = { control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; value: string } | null;

/**
 * What the person typed or chose in the server's markup of the control `id` before the page
 * hydrated: its value, when that is not the one the server drew. Read as hydration renders the
 * field, before React or react-hook-form set the control to the form's own value.
 */
function typedBeforeHydration(id: string): Typed {
  const control = document.getElementById(id);
  const drawn =
    control instanceof HTMLSelectElement
      ? ([...control.options].find((option) => option.defaultSelected) ?? control.options[0])?.value
      : control instanceof HTMLTextAreaElement || (control instanceof HTMLInputElement && !/^(checkbox|radio|file|hidden)$/.test(control.type))
        ? control.defaultValue
        : undefined;
  return drawn !== undefined && control && (control as HTMLInputElement).value !== drawn ? { control: control as HTMLInputElement, value: (control as HTMLInputElement).value } : null;
}

/**
 * Gives a control back what was typed in it before hydration, as if typed now, so the form's state
 * has it: a controlled control would otherwise be set back to its state's value at its next render,
 * and react-hook-form has already set its own.
 */
function typeAgain({ control, value }: NonNullable<Typed>): void {
  // React notes the value it last saw through the element's own `value`; it took the typed one
  // when it hydrated. Emptied that way first and then set past React (the prototype's setter), the
  // event below is a change in React's eyes.
  control.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * A labelled form field: label, optional hint and error under the control, linked to it with
 * aria-describedby so a screen reader reads them when the control gets focus.
 *
 * On a slow phone a person may type into the server's markup before the page's scripts have run.
 * Hydration would then set the control to the form's own value and lose what was typed; the field
 * reads it first and types it again once React has the control.
 */
export function Field({ label, hint, error, className, look = STOREFRONT_LOOK, children }: FieldProps) {
  const id = useId();
  const hydrated = useHydrated();
  // Read once, on the render that hydrates this field: not on the server (no document), nor on a
  // screen React draws itself (hydrated already).
  const [typed] = useState(() => (!hydrated && typeof document !== 'undefined' ? typedBeforeHydration(id) : null));
  // A layout effect of the field runs after its control's ref, where react-hook-form sets the value.
  useLayoutEffect(() => {
    if (typed?.control.isConnected) typeAgain(typed);
  }, [typed]);
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
