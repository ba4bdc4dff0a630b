/**
 * The warranty selector (SPEC §2, §4): the default warranty preselected, disabled when there are
 * fewer than two, each choice with its price inc. VAT ('Free' at 0).
 */
import { useId } from 'react';
import type { Warranty } from '../../../contract/catalogue';
import { grossFromNet, warrantyPriceLabel } from '../../../domain/money';
import { warrantySelectorEnabled } from '../../../domain/warranty';
import styles from './part-page.module.css';

interface WarrantySelectProps {
  warranties: readonly Warranty[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}

export function WarrantySelect({ warranties, selectedId, onSelect }: WarrantySelectProps) {
  const name = useId();
  if (warranties.length === 0) return null;
  const enabled = warrantySelectorEnabled(warranties);
  return (
    <fieldset className={styles.warranties} disabled={!enabled}>
      <legend className={styles.legend}>Warranty</legend>
      <div className={styles.warrantyOptions}>
        {warranties.map((warranty) => (
          <label key={warranty.id} className={styles.warranty}>
            <input
              type="radio"
              name={name}
              value={warranty.id}
              checked={warranty.id === selectedId}
              onChange={() => onSelect(warranty.id)}
              className={styles.warrantyInput}
            />
            <span className={styles.warrantyName}>{warranty.name}</span>
            <span className={styles.warrantyPrice}>{warranty.value === 0 ? warrantyPriceLabel(0) : `+${warrantyPriceLabel(grossFromNet(warranty.value))}`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
