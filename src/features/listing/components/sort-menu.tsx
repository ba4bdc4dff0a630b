import { useState } from 'react';
import { buttonClassName } from '../../../shared/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../shared/ui/dropdown-menu';
import { SORT_OPTIONS, sortLabel } from '../listing-filters';
import type { Direction, SortField } from '../listing-search';
import styles from './listing-page.module.css';

/**
 * The sort dropdown of SPEC §2: radio choices that stay open while you pick, and Save, which
 * applies the choice and closes the menu. Closing without Save keeps the current sort.
 */
export function SortMenu({ sort, direction, onSave }: { sort: SortField; direction: Direction; onSave: (sort: SortField, direction: Direction) => void }) {
  const current = `${sort}.${direction}`;
  const [choice, setChoice] = useState(current);
  return (
    <DropdownMenu onOpenChange={(open) => (open ? setChoice(current) : undefined)}>
      <DropdownMenuTrigger className={buttonClassName('secondary', { className: styles.sortButton })}>
        <span className={styles.sortPrefix}>Sort:</span> {sortLabel(sort, direction)}
        <span aria-hidden="true" className={styles.caret} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Sort products by</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={choice} onValueChange={setChoice}>
          {SORT_OPTIONS.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value} onSelect={(event) => event.preventDefault()}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          className={styles.saveItem}
          onSelect={() => {
            const [field, dir] = choice.split('.') as [SortField, Direction];
            if (choice !== current) onSave(field, dir);
          }}
        >
          Save
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
