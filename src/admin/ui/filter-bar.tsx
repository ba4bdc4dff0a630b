import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';

/**
 * The filters above a list: fields side by side (stacked on a phone), Apply and Clear. A form, so
 * Enter in a field applies; the screen reads the fields in `onApply` and puts them in its URL.
 */
export function FilterBar({ label, children, onApply, onClear }: { label: string; children: ReactNode; onApply: (form: FormData) => void; onClear?: (() => void) | undefined }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(new FormData(event.currentTarget));
  };
  return (
    <form className="bo-filter-bar" role="search" aria-label={label} onSubmit={submit}>
      <div className="bo-filter-bar__fields">{children}</div>
      <div className="bo-filter-bar__actions">
        <Button type="submit" variant="primary" small>
          Apply
        </Button>
        {onClear ? (
          <Button variant="quiet" small onClick={onClear}>
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}
