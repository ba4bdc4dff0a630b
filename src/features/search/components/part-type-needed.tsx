import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { PartType } from '../../../contract/part-types';
import { t } from '../../../domain/messages';
import type { CategoriesSearch } from '../../../domain/search';
import { Button } from '../../../shared/ui/button';
import { PartTypeSelect } from '../../../shared/ui/part-type-select';
import styles from './search-results.module.css';

/** SPEC §8, code 501: the search needs a part type; the server's message and a part-type selector. */
export function PartTypeNeeded({ message, search, partTypes }: { message: string; search: CategoriesSearch; partTypes: PartType[] }) {
  const navigate = useNavigate();
  const [partType, setPartType] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!partType) {
      setError(t('filters.required_part_type'));
      return;
    }
    void navigate({ to: '/categories', search: { ...search, partType: Number(partType) } });
  };
  return (
    <form className={styles.info} onSubmit={submit} noValidate aria-labelledby="part-type-needed">
      <p id="part-type-needed" className={styles.infoTitle} role="status">
        {message || t('filters.vrn_select_part_type')}
      </p>
      <div className={styles.inlineForm}>
        <PartTypeSelect
          partTypes={partTypes}
          value={partType}
          onChange={(value) => {
            setPartType(value);
            setError(undefined);
          }}
          error={error}
        />
        <Button type="submit" variant="accent">
          Search
        </Button>
      </div>
    </form>
  );
}
