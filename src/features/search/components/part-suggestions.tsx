/** The suggestion list under the part number field (SPEC §4), loaded once suggestions arrive. */
import type { ProductCard } from '../../../contract/catalogue';
import type { PartType } from '../../../contract/part-types';
import { formatMoney, grossFromNet } from '../../../domain/money';
import { partTypeName } from '../../../domain/part-types';
import styles from './part-suggestions.module.css';

interface PartSuggestionsProps {
  id: string;
  items: ProductCard[];
  active: number;
  partTypes: PartType[];
  onPick: (item: ProductCard) => void;
}

export default function PartSuggestions({ id, items, active, partTypes, onPick }: PartSuggestionsProps) {
  return (
    <ul id={id} role="listbox" aria-label="Suggested parts" className={styles.list}>
      {items.map((item, index) => (
        <li
          key={item.Tag}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={styles.option}
          // Keep focus in the field, so the list stays open until the choice is made.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(item)}
        >
          <span className={styles.oem}>{item.OEM}</span>
          <span className={styles.name}>
            {partTypeName(item.PartName, partTypes)} · {item.ManuName} {item.ModelName}
          </span>
          <span className={styles.price}>{formatMoney(grossFromNet(item.Price))}</span>
        </li>
      ))}
    </ul>
  );
}
