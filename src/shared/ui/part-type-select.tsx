/**
 * The searchable part-type select of the search and part request forms (SPEC §2, §5): a native
 * <select>, so phones show their own picker and screen readers their own list, with a filter box
 * above it that narrows the options as you type (160+ part types are too many to scroll).
 * Typing until one part type is left chooses it; Enter in the filter box chooses the first match.
 */
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import type { PartType } from '../../contract/part-types';
import styles from './field.module.css';
import own from './part-type-select.module.css';

interface PartTypeSelectProps {
  partTypes: readonly PartType[];
  /** The chosen part type's ID as a string; '' for none. */
  value: string;
  onChange: (value: string) => void;
  label?: string;
  error?: string | undefined;
  name?: string;
  selectRef?: Ref<HTMLSelectElement>;
  onBlur?: () => void;
}

export function PartTypeSelect({ partTypes, value, onChange, label = 'Part type', error, name, selectRef, onBlur }: PartTypeSelectProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const matches = needle === '' ? partTypes : partTypes.filter((partType) => partType.Name.toLowerCase().includes(needle));
  // The chosen part type stays in the list even when the filter hides it, so the select never
  // shows a value that is not among its options.
  const chosen = partTypes.find((partType) => String(partType.ID) === value);
  const shown = chosen && !matches.includes(chosen) ? [chosen, ...matches] : matches;

  const changeFilter = (text: string) => {
    setFilter(text);
    const next = text.trim().toLowerCase();
    const left = next === '' ? [] : partTypes.filter((partType) => partType.Name.toLowerCase().includes(next));
    if (left.length === 1 && left[0] && String(left[0].ID) !== value) onChange(String(left[0].ID));
  };
  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter picks the first match instead of submitting the form with a half-made choice.
    event.preventDefault();
    const first = matches[0];
    if (first) onChange(String(first.ID));
  };

  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        className={`${styles.control} ${own.filter}`}
        type="search"
        value={filter}
        onChange={(event) => changeFilter(event.target.value)}
        onKeyDown={onFilterKey}
        aria-label={`Filter the ${label.toLowerCase()} list`}
        aria-controls={id}
        aria-describedby={`${id}-count`}
        placeholder="Type to filter, e.g. alternator"
        autoComplete="off"
        enterKeyHint="done"
      />
      <span id={`${id}-count`} className="visually-hidden" aria-live="polite">
        {needle === '' ? '' : matches.length === 1 ? '1 part type matches' : `${matches.length} part types match`}
      </span>
      <select
        ref={selectRef}
        id={id}
        name={name}
        className={styles.control}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={Boolean(error)}
        aria-describedby={errorId}
      >
        <option value="">{needle !== '' && matches.length === 0 ? 'No part type matches' : 'Select part type'}</option>
        {shown.map((partType) => (
          <option key={partType.ID} value={String(partType.ID)}>
            {partType.Name}
          </option>
        ))}
      </select>
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
