/**
 * The part form (/admin/stock/new and /admin/stock/$id): every field the catalogue holds of a
 * part, checked by the server with src/domain/stock-entry.ts; 422 answers put each message under
 * its field ('fitments.0.year_to' under that fitment's field).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import type { PartBody, StockPart } from '../../../contract/admin-stock';
import { PACKAGE_TYPES } from '../../../domain/cart-totals';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, formatMoney, Notice, SelectField, TextAreaField, TextField } from '../../ui';
import { stockReferenceQuery } from './api';
import styles from './stock.module.css';

interface FitmentRow {
  key: number;
  model_id: string;
  year_from: string;
  year_to: string;
  engine_code: string;
  level: string;
}

interface FormState {
  tag: string;
  stock_number: string;
  part_type_id: string;
  make_id: string;
  model_id: string;
  year: string;
  engine_code: string;
  oem: string;
  grade: string;
  price: string;
  rrp: string;
  status: string;
  description: string;
  likely_match_note: string;
  /** Empty: as the part type. */
  package_type: string;
}

/** The part's own warranties, or its part type's. */
interface WarrantyState {
  own: boolean;
  chosen: number[];
  preselected: number | null;
}

let nextKey = 0;
const fitmentRow = (row: Partial<FitmentRow> = {}): FitmentRow => ({ key: (nextKey += 1), model_id: '', year_from: '', year_to: '', engine_code: '', level: '', ...row });

function initialState(part: StockPart | undefined): FormState {
  return {
    tag: part?.tag ?? '',
    stock_number: part?.stock_number ?? '',
    part_type_id: part ? String(part.part_type_id) : '',
    make_id: part ? String(part.make_id) : '',
    model_id: part ? String(part.model_id) : '',
    year: part ? String(part.year) : '',
    engine_code: part?.engine_code ?? '',
    oem: part?.oem ?? '',
    grade: part?.grade ?? '',
    price: part?.price ?? '',
    rrp: part?.rrp ?? '',
    status: 'available',
    description: part?.description ?? '',
    likely_match_note: part?.likely_match_note ?? '',
    package_type: part?.own_package_type ?? '',
  };
}

function initialWarranties(part: StockPart | undefined): WarrantyState {
  if (!part?.own_warranties) return { own: false, chosen: [], preselected: null };
  return { own: true, chosen: part.warranties.map((warranty) => warranty.id), preselected: part.warranties.find((warranty) => warranty.is_default)?.id ?? null };
}

/** 'EURO_PALLET' as staff read it: 'Euro pallet'. */
const packageLabel = (type: string) => {
  const words = type.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const LEVELS = [
  { value: '', label: 'By engine code' },
  { value: '1', label: '1 — exact' },
  { value: '2', label: '2 — likely' },
  { value: '3', label: '3 — check first' },
];

export function PartForm({
  part,
  submitLabel,
  busy,
  error,
  onSubmit,
  children,
}: {
  part?: StockPart | undefined;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (body: PartBody) => void;
  /** More of the form before its buttons (the new part's photos). */
  children?: React.ReactNode;
}) {
  const { data: reference } = useSuspenseQuery(stockReferenceQuery());
  const [state, setState] = useState<FormState>(() => initialState(part));
  const [warranties, setWarranties] = useState<WarrantyState>(() => initialWarranties(part));
  const [fitments, setFitments] = useState<FitmentRow[]>(() =>
    (part?.fitments ?? []).map((fitment) =>
      fitmentRow({ model_id: String(fitment.model_id), year_from: String(fitment.year_from), year_to: String(fitment.year_to), engine_code: fitment.engine_code ?? '', level: String(fitment.level) }),
    ),
  );
  const errors = fieldErrorsOf(error);
  const set = (field: keyof FormState) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setState((current) => ({ ...current, [field]: value, ...(field === 'make_id' ? { model_id: '' } : {}) }));
  };
  const models = useMemo(() => reference.models.filter((model) => String(model.make_id) === state.make_id), [reference.models, state.make_id]);
  const modelOptions = [{ value: '', label: state.make_id ? 'Choose a model' : 'Choose a make first' }, ...models.map((model) => ({ value: String(model.id), label: `${model.label} (${model.year_from}–${model.year_to ?? 'now'})` }))];
  const partType = reference.part_types.find((type) => String(type.id) === state.part_type_id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = warranties.own ? warranties.chosen : [];
    onSubmit({
      ...state,
      warranties: chosen,
      // The first ticked is preselected unless another is chosen.
      default_warranty: warranties.preselected !== null && chosen.includes(warranties.preselected) ? warranties.preselected : null,
      fitments: fitments.map((row) => ({ model_id: row.model_id, year_from: row.year_from, year_to: row.year_to, engine_code: row.engine_code || null, level: row.level || null })),
    });
  };
  // Starting its own list from the part type's, so staff change only what differs.
  const ownFromType = (names: readonly string[]) => {
    const chosen = reference.warranties.filter((warranty) => names.includes(warranty.name)).map((warranty) => warranty.id);
    return { chosen, preselected: chosen[0] ?? null };
  };
  const toggleWarranty = (id: number, ticked: boolean) =>
    setWarranties((current) => {
      const chosen = ticked ? [...current.chosen, id] : current.chosen.filter((other) => other !== id);
      const preselected = current.preselected !== null && chosen.includes(current.preselected) ? current.preselected : (chosen[0] ?? null);
      return { ...current, chosen, preselected };
    });
  const setFitment = (key: number, field: keyof FitmentRow) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFitments((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={part ? `Edit ${part.tag}` : 'New part'}>
      {error ? <Notice tone="error">{messageOf(error)}</Notice> : null}
      <section className={styles.section} aria-labelledby="part-identity">
        <h2 id="part-identity">The part</h2>
        <div className={styles.grid}>
          <TextField label="Tag" name="tag" value={state.tag} onChange={set('tag')} error={errors.tag} hint="Its stock label, e.g. P0012345" autoComplete="off" required />
          <TextField label="Stock number" name="stock_number" value={state.stock_number} onChange={set('stock_number')} error={errors.stock_number} hint="Of the donor vehicle" autoComplete="off" required />
          <SelectField
            label="Part type"
            name="part_type_id"
            value={state.part_type_id}
            onChange={set('part_type_id')}
            error={errors.part_type}
            options={[{ value: '', label: 'Choose a part type' }, ...reference.part_types.map((type) => ({ value: String(type.id), label: type.name }))]}
            required
          />
          <TextField label="OEM numbers" name="oem" value={state.oem} onChange={set('oem')} error={errors.oem} hint="Separate several with commas; the first is searched" autoComplete="off" required />
          <SelectField
            label="Grade"
            name="grade"
            value={state.grade}
            onChange={set('grade')}
            error={errors.grade}
            options={[{ value: '', label: 'Choose a grade' }, ...reference.grades.map((grade) => ({ value: grade.level, label: grade.title }))]}
            required
          />
          <TextField label="Price, £ net of VAT" name="price" value={state.price} onChange={set('price')} error={errors.price} inputMode="decimal" autoComplete="off" required />
          <TextField label="RRP, £ net (optional)" name="rrp" value={state.rrp} onChange={set('rrp')} error={errors.rrp} inputMode="decimal" autoComplete="off" />
          {part ? null : (
            <SelectField
              label="On the shop"
              name="status"
              value={state.status}
              onChange={set('status')}
              error={errors.status}
              options={[
                { value: 'available', label: 'On sale now' },
                { value: 'coming_soon', label: 'Coming soon' },
              ]}
            />
          )}
        </div>
        <TextAreaField label="Description" name="description" value={state.description} onChange={set('description')} error={errors.description} rows={5} required />
        <TextField label="Fit note (optional)" name="likely_match_note" value={state.likely_match_note} onChange={set('likely_match_note')} error={errors.likely_match_note} hint="Why a buyer should check the fit" />
      </section>

      <section className={styles.section} aria-labelledby="part-shipping">
        <h2 id="part-shipping">Shipping and warranties</h2>
        <div className={styles.packageType}>
          <SelectField
            label="Package type"
            name="package_type"
            value={state.package_type}
            onChange={set('package_type')}
            error={errors.package_type}
            hint="Chooses the deliveries the cart offers"
            options={[
              { value: '', label: partType ? `As the part type (${packageLabel(partType.package_type).toLowerCase()})` : 'As the part type' },
              ...PACKAGE_TYPES.map((type) => ({ value: type, label: packageLabel(type) })),
            ]}
          />
        </div>
        <fieldset className={styles.warranties}>
          <legend>Warranties offered</legend>
          <label className={styles.choice}>
            <input type="radio" name="warranties_own" checked={!warranties.own} onChange={() => setWarranties((current) => ({ ...current, own: false }))} />
            As the part type{partType ? ` (${partType.warranties.length > 0 ? partType.warranties.join(', ') : 'the shop\'s default'})` : ''}
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="warranties_own"
              checked={warranties.own}
              onChange={() => setWarranties((current) => ({ ...current, own: true, ...(current.chosen.length === 0 && partType ? ownFromType(partType.warranties) : {}) }))}
            />
            Its own: the ones ticked below
          </label>
          {warranties.own ? (
            <table className={styles.warrantyTable} aria-label="The shop's warranties">
              <thead>
                <tr>
                  <th scope="col">Offered</th>
                  <th scope="col">Price, net</th>
                  <th scope="col">Preselected</th>
                </tr>
              </thead>
              <tbody>
                {reference.warranties.map((warranty) => {
                  const ticked = warranties.chosen.includes(warranty.id);
                  return (
                    <tr key={warranty.id}>
                      <td>
                        <label className={styles.choice}>
                          <input type="checkbox" name="warranties" value={warranty.id} checked={ticked} onChange={(event) => toggleWarranty(warranty.id, event.currentTarget.checked)} />
                          {warranty.name}
                        </label>
                      </td>
                      <td>{warranty.value === 0 ? 'Free' : formatMoney(warranty.value)}</td>
                      <td>
                        <input
                          type="radio"
                          name="default_warranty"
                          aria-label={`Preselect ${warranty.name}`}
                          checked={ticked && warranties.preselected === warranty.id}
                          disabled={!ticked}
                          onChange={() => setWarranties((current) => ({ ...current, preselected: warranty.id }))}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
          {warranties.own && warranties.chosen.length === 0 ? <p className={styles.noPhoto}>None ticked: the part offers its part type's warranties.</p> : null}
          {errors.warranties ? <Notice tone="error">{errors.warranties}</Notice> : null}
          {errors.default_warranty ? <Notice tone="error">{errors.default_warranty}</Notice> : null}
        </fieldset>
      </section>

      <section className={styles.section} aria-labelledby="part-donor">
        <h2 id="part-donor">Donor vehicle</h2>
        <div className={styles.grid}>
          <SelectField
            label="Make"
            name="make_id"
            value={state.make_id}
            onChange={set('make_id')}
            error={errors.make}
            options={[{ value: '', label: 'Choose a make' }, ...reference.makes.map((make) => ({ value: String(make.id), label: make.name }))]}
            required
          />
          <SelectField label="Model" name="model_id" value={state.model_id} onChange={set('model_id')} error={errors.model} options={modelOptions} disabled={!state.make_id} required />
          <TextField label="Year" name="year" value={state.year} onChange={set('year')} error={errors.year} inputMode="numeric" autoComplete="off" required />
          <TextField label="Engine code (optional)" name="engine_code" value={state.engine_code} onChange={set('engine_code')} error={errors.engine_code} autoComplete="off" />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="part-fitments">
        <h2 id="part-fitments">Fits</h2>
        <p>Left empty, the part fits its donor's model in the donor's year. A fitment with an engine code is an exact fit.</p>
        {errors.fitments ? <Notice tone="error">{errors.fitments}</Notice> : null}
        {fitments.map((row, index) => (
          <fieldset key={row.key} className={styles.fitment}>
            <legend className="bo-visually-hidden">Fitment {index + 1}</legend>
            <SelectField label="Model" value={row.model_id} onChange={setFitment(row.key, 'model_id')} error={errors[`fitments.${index}.model`]} options={modelOptions} disabled={!state.make_id} />
            <TextField label="From year" value={row.year_from} onChange={setFitment(row.key, 'year_from')} error={errors[`fitments.${index}.year_from`]} inputMode="numeric" />
            <TextField label="To year" value={row.year_to} onChange={setFitment(row.key, 'year_to')} error={errors[`fitments.${index}.year_to`]} inputMode="numeric" />
            <TextField label="Engine code" value={row.engine_code} onChange={setFitment(row.key, 'engine_code')} error={errors[`fitments.${index}.engine_code`]} />
            <SelectField label="Level" value={row.level} onChange={setFitment(row.key, 'level')} error={errors[`fitments.${index}.level`]} options={LEVELS} />
            <Button variant="quiet" small onClick={() => setFitments((rows) => rows.filter((other) => other.key !== row.key))} aria-label={`Remove fitment ${index + 1}`}>
              Remove
            </Button>
          </fieldset>
        ))}
        <div>
          <Button variant="secondary" small onClick={() => setFitments((rows) => [...rows, fitmentRow({ model_id: state.model_id, year_from: state.year, year_to: state.year, engine_code: state.engine_code })])}>
            Add a fitment
          </Button>
        </div>
      </section>

      {children}

      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
