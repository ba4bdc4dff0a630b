import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { t } from '../../../domain/messages';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { partNumberSearchSchema } from '../search-schemas';
import styles from './search-form.module.css';
import { upperCaseInPlace } from './upper-case-input';

/** Search by manufacturer part number (OEM). */
export function PartNumberSearchForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(partNumberSearchSchema), defaultValues: { oem: '' } });
  const oemField = register('oem');

  return (
    <form
      className={`${styles.form} ${styles.rowSingle}`}
      noValidate
      onSubmit={handleSubmit((values) => navigate({ to: '/categories', search: { oem: values.oem } }))}
    >
      <Field label="Part number" hint={t('filters.min_3_chars')} error={errors.oem?.message}>
        {({ className, ...control }) => (
          <input
            {...control}
            {...oemField}
            onChange={(event) => {
              upperCaseInPlace(event);
              return oemField.onChange(event);
            }}
            className={`${className} ${styles.upper}`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder="e.g. 1K0615301AA"
          />
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
