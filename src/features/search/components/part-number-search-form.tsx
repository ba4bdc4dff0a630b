import { useNavigate } from '@tanstack/react-router';
import { Suspense, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { PartType } from '../../../contract/part-types';
import { t } from '../../../domain/messages';
import { partNumberSearchProblem, type SearchProblem } from '../../../domain/search';
import { cleanPartNumber, isValidPartNumber } from '../../../domain/validation';
import { withCameraClass } from '../../../shared/camera/camera-row';
import { CameraButton } from '../../../shared/camera/camera-slot';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useSuggestions } from '../api/suggested-products';
import { useUpperCase } from '../use-upper-case';
import { FormNotice } from './form-notice';
import styles from './search-form.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const PartSuggestions = lazyWhenOnline(() => import('./part-suggestions'));

/** SPEC §9: suggestions wait 300 ms after the last keystroke. */
const SUGGESTIONS_DEBOUNCE_MS = 300;

/**
 * Search by manufacturer part number (SPEC §2, §5): upper-cased and trimmed, at least 3
 * characters; from 3 characters on, matching parts are suggested under the field (a combobox:
 * arrow keys move through them, Enter opens the chosen part number's results, Escape closes).
 */
export function PartNumberSearchForm({ partTypes, initial, onEdit }: { partTypes: PartType[]; initial?: string | undefined; onEdit: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [oem, setOem] = useState(initial ?? '');
  const [problem, setProblem] = useState<SearchProblem | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  useUpperCase(inputRef, oem, setOem);

  const cleaned = cleanPartNumber(oem);
  const settled = useDebouncedValue(cleaned, SUGGESTIONS_DEBOUNCE_MS);
  const wanted = open && isValidPartNumber(settled);
  const suggestions = useSuggestions(settled, wanted);
  const items = wanted ? (suggestions.data ?? []) : [];
  const expanded = wanted && items.length > 0;

  const search = (partNumber: string) => {
    setOpen(false);
    void navigate({ to: '/categories', search: { oem: partNumber } });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = partNumberSearchProblem(oem);
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    search(cleaned);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setOpen(true);
      if (items.length === 0) return;
      event.preventDefault();
      const last = items.length - 1;
      setActive((current) => (event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1));
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0 && items[active]) {
      event.preventDefault();
      search(cleanPartNumber(items[active].OEM));
    }
  };

  const activeIndex = active >= 0 && active < items.length ? active : -1;

  return (
    <form className={`${styles.form} ${styles.rowSingle}`} noValidate onSubmit={submit} aria-label="Search by part number">
      <Field label="Part number" hint={t('filters.min_3_chars')} error={problem?.level === 'warning' ? t(problem.key) : undefined}>
        {({ className, ...control }) => (
          <div className={withCameraClass}>
            <input
              {...control}
              ref={inputRef}
              name="oem"
              value={oem}
              onChange={(event) => {
                setOem(event.target.value);
                setProblem(null);
                setOpen(true);
                setActive(-1);
                onEdit();
              }}
              onKeyDown={onKeyDown}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              className={`${className} ${styles.upper}`}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder="e.g. 1K0615301AA"
            />
            <CameraButton
              kind="label"
              onRead={(read) => {
                // The label's number goes into the field and its suggestions open at once.
                setOem(read);
                setProblem(null);
                setActive(-1);
                onEdit();
                inputRef.current?.focus();
                setOpen(true);
              }}
            />
          </div>
        )}
      </Field>
      <div className={styles.submitCell}>
        <Button type="submit" variant="accent" className={styles.submit} aria-disabled={cleaned === ''}>
          Find parts
        </Button>
      </div>
      {/* After the button, so the list opening or closing never moves the button under a finger. */}
      <div className={styles.suggestions}>
        {expanded ? (
          <Suspense fallback={null}>
            <PartSuggestions id={listId} items={items} active={activeIndex} partTypes={partTypes} onPick={(item) => search(cleanPartNumber(item.OEM))} />
          </Suspense>
        ) : (
          <ul id={listId} role="listbox" aria-label="Suggested parts" hidden />
        )}
      </div>
      <FormNotice problem={problem} />
    </form>
  );
}
