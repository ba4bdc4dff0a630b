import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { PartType } from '../../../contract/part-types';
import { yearOptions } from '../../../domain/dates';
import { t } from '../../../domain/messages';
import { makeModelSearchProblems, type SearchProblem } from '../../../domain/search';
import { useNow } from '../../../shared/clock';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { PartTypeSelect } from '../../../shared/ui/part-type-select';
import { useMakes } from '../../../shared/catalogue/get-makes';
import { useModels } from '../../../shared/catalogue/get-models';
import { FormNotice } from './form-notice';
import styles from './search-form.module.css';

export interface MakeModelInitial {
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  partType?: number | undefined;
}

/**
 * Search by make, model, year and part type (SPEC §2, §5). Models load for the chosen make and a
 * new make clears the model; years run from this year (UTC) down to 1980. The button works once
 * make, model and part type are chosen; before that it names what is missing.
 */
const HOUR_MS = 3_600_000;

export function MakeModelSearchForm({ partTypes, initial, onEdit }: { partTypes: PartType[]; initial?: MakeModelInitial | undefined; onEdit: () => void }) {
  const navigate = useNavigate();
  // The newest model year is this year's on the visitor's clock (src/shared/clock.ts).
  const thisYear = useNow(HOUR_MS).getUTCFullYear();
  const years = useMemo(() => yearOptions(new Date(Date.UTC(thisYear, 6, 1))), [thisYear]);
  const [make, setMake] = useState(initial?.make ?? '');
  const [model, setModel] = useState(initial?.model ?? '');
  const [year, setYear] = useState(initial?.year ? String(initial.year) : '');
  const [partType, setPartType] = useState(initial?.partType ? String(initial.partType) : '');
  const [problems, setProblems] = useState<SearchProblem[]>([]);
  const makeRef = useRef<HTMLSelectElement>(null);
  const modelRef = useRef<HTMLSelectElement>(null);
  const partTypeRef = useRef<HTMLSelectElement>(null);
  const makes = useMakes();
  const models = useModels(make);

  const edited = (field: SearchProblem['field']) => {
    setProblems((current) => current.filter((problem) => problem.field !== field));
    onEdit();
  };
  const ready = makeModelSearchProblems({ make, model, partType }).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = makeModelSearchProblems({ make, model, partType });
    setProblems(found);
    const first = found[0];
    if (first) {
      (first.field === 'make' ? makeRef : first.field === 'model' ? modelRef : partTypeRef).current?.focus();
      return;
    }
    void navigate({ to: '/categories', search: { make: make.toUpperCase(), model, year: year ? Number(year) : undefined, partType: Number(partType) } });
  };

  const warning = (field: SearchProblem['field']) => {
    const problem = problems.find((item) => item.field === field);
    return problem ? t(problem.key) : undefined;
  };
  // The lists may come from the cache kept between visits, restored after the page hydrated but
  // possibly before this lazily loaded form did: until this form has hydrated it draws what the
  // server drew (no lists yet), or React would throw the server's markup away.
  const hydrated = useHydrated();
  const makesPending = !hydrated || makes.isPending;
  const modelsPending = !hydrated || models.isPending;
  const makeRows = hydrated ? (makes.data ?? []) : [];
  const modelRows = hydrated ? (models.data ?? []) : [];
  // A make read from the URL may be spelt differently from the list (upper case): match loosely.
  const makeValue = makeRows.find((row) => row.name.toUpperCase() === make.toUpperCase())?.name ?? make;

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label="Search by make and model">
      <Field label="Make" error={warning('make')}>
        {(control) => (
          <select
            {...control}
            ref={makeRef}
            name="make"
            value={makeValue}
            onChange={(event) => {
              setMake(event.target.value);
              // SPEC §5: changing the make clears the model.
              setModel('');
              edited('make');
            }}
            aria-busy={makesPending}
          >
            <option value="">{makesPending ? 'Loading makes…' : makes.isError ? 'Makes could not load' : 'Select make'}</option>
            {makeRows.map((row) => (
              <option key={row.id} value={row.name}>
                {row.name}
              </option>
            ))}
            {make && !makeRows.some((row) => row.name === makeValue) ? <option value={make}>{make}</option> : null}
          </select>
        )}
      </Field>
      <Field label="Model" error={warning('model')}>
        {(control) => (
          <select
            {...control}
            ref={modelRef}
            name="model"
            value={model}
            onChange={(event) => {
              setModel(event.target.value);
              edited('model');
            }}
            disabled={make === ''}
            aria-busy={make !== '' && modelsPending}
          >
            <option value="">{make === '' ? 'Select a make first' : modelsPending ? 'Loading models…' : 'Select model'}</option>
            {modelRows.map((row) => (
              <option key={row.id} value={row.model}>
                {row.model}
              </option>
            ))}
            {model && !modelRows.some((row) => row.model === model) ? <option value={model}>{model}</option> : null}
          </select>
        )}
      </Field>
      <Field label="Year">
        {(control) => (
          <select
            {...control}
            name="year"
            value={year}
            onChange={(event) => {
              setYear(event.target.value);
              onEdit();
            }}
          >
            <option value="">Any year</option>
            {years.map((option) => (
              <option key={option} value={String(option)}>
                {option}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PartTypeSelect
        partTypes={partTypes}
        value={partType}
        onChange={(value) => {
          setPartType(value);
          edited('partType');
        }}
        error={warning('partType')}
        selectRef={partTypeRef}
      />
      <div className={styles.wide}>
        <Button type="submit" variant="accent" className={styles.submit} aria-disabled={!ready}>
          Find parts
        </Button>
      </div>
      <FormNotice problem={problems[0] ?? null} fallback={t('filters.fill_form')} />
    </form>
  );
}
