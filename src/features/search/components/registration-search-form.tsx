import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { PartType } from '../../../contract/part-types';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { VRN_MAX_LENGTH } from '../../../domain/validation';
import { registrationSearchSchema } from '../search-schemas';
import { PartTypeOptions } from './part-type-options';
import styles from './search-form.module.css';
import { upperCaseInPlace } from './upper-case-input';

/** Search by vehicle registration (VRN) and part type. */
export function RegistrationSearchForm({ partTypes }: { partTypes: PartType[] }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(registrationSearchSchema), defaultValues: { vrn: '', partType: '' } });
  const vrnField = register('vrn');

  return (
    <form
      className={`${styles.form} ${styles.row}`}
      noValidate
      onSubmit={handleSubmit((values) => navigate({ to: '/categories', search: { vrn: values.vrn, partType: Number(values.partType) } }))}
    >
      <Field label="Enter registration" error={errors.vrn?.message}>
        {({ className, ...control }) => (
          <div className={styles.plate}>
            <span className={styles.plateBand} aria-hidden="true">
              UK
            </span>
            <input
              {...control}
              {...vrnField}
              onChange={(event) => {
                upperCaseInPlace(event);
                return vrnField.onChange(event);
              }}
              className={`${className} ${styles.plateInput}`}
              type="text"
              inputMode="text"
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={VRN_MAX_LENGTH}
              placeholder="e.g. AB12 CDE"
            />
          </div>
        )}
      </Field>
      <Field label="Part type" error={errors.partType?.message}>
        {(control) => (
          <select {...control} {...register('partType')}>
            <PartTypeOptions partTypes={partTypes} />
          </select>
        )}
      </Field>
      <div className={styles.submitCell}>
        <Button type="submit" variant="accent" className={styles.submit} disabled={isSubmitting}>
          Find parts
        </Button>
      </div>
    </form>
  );
}
