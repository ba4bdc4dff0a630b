import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { PartType } from '../../../contract/part-types';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { yearOptions } from '../../../domain/dates';
import { makeModelSearchSchema } from '../search-schemas';
import { PartTypeOptions } from './part-type-options';
import styles from './search-form.module.css';

/**
 * Makes and their models. The catalogue issue supplies them (models from GET /products/models.json
 * per make); until then the lists are empty and their selects stay disabled, saying why.
 */
const makes: readonly string[] = [];
const modelsOfMake = (_make: string): readonly { id: string; model: string }[] => [];

/** Search by make, model, year and part type. */
export function MakeModelSearchForm({ partTypes }: { partTypes: PartType[] }) {
  const navigate = useNavigate();
  const [years] = useState(() => yearOptions(new Date()));
  const {
    register,
    handleSubmit,
    setValue,
    control: formControl,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(makeModelSearchSchema), defaultValues: { make: '', model: '', year: '', partType: '' } });
  const make = useWatch({ control: formControl, name: 'make' });
  const models = make ? modelsOfMake(make) : [];
  const makeField = register('make');

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit((values) =>
        navigate({
          to: '/categories',
          search: { make: values.make.toUpperCase(), model: values.model, year: values.year ? Number(values.year) : undefined, partType: Number(values.partType) },
        }),
      )}
    >
      <Field label="Make" error={errors.make?.message}>
        {(control) => (
          <select
            {...control}
            {...makeField}
            // Changing make clears the model (SPEC §5).
            onChange={(event) => {
              setValue('model', '');
              return makeField.onChange(event);
            }}
            disabled={makes.length === 0}
          >
            <option value="">{makes.length === 0 ? 'No makes available' : 'Select make'}</option>
            {makes.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Model" error={errors.model?.message}>
        {(control) => (
          <select {...control} {...register('model')} disabled={models.length === 0}>
            <option value="">{make ? 'Select model' : 'Select a make first'}</option>
            {models.map((row) => (
              <option key={row.id} value={row.id}>
                {row.model}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Year" error={errors.year?.message}>
        {(control) => (
          <select {...control} {...register('year')}>
            <option value="">Any year</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Part type" error={errors.partType?.message}>
        {(control) => (
          <select {...control} {...register('partType')}>
            <PartTypeOptions partTypes={partTypes} />
          </select>
        )}
      </Field>
      <div className={styles.wide}>
        <Button type="submit" variant="accent" className={styles.submit} disabled={isSubmitting}>
          Find parts
        </Button>
      </div>
    </form>
  );
}
