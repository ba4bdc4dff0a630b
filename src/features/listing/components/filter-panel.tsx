/**
 * The filters of SPEC §2: sort, badges, price From and To (pounds here, pence in the URL; numbers
 * of 0 or more) and the attribute groups, with Clear filters. Changes are kept here and applied
 * 500 ms after the last one (SPEC §9), so ticking three boxes reloads the list once; a change still
 * waiting when the panel closes is applied at once.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ListingFilterOptions } from '../api/get-listing-filters';
import { idsOf, listOf, SORT_OPTIONS } from '../listing-filters';
import type { Direction, ListingFilters, SortField } from '../listing-search';
import { Button } from '../../../shared/ui/button';
import styles from './filter-panel.module.css';

/** SPEC §9: filters reload the list 500 ms after the last change. */
export const FILTER_DEBOUNCE_MS = 500;

interface Draft {
  filters: ListingFilters;
  priceFrom: string;
  priceTo: string;
}

const poundsOf = (pence: number | undefined) => (pence === undefined ? '' : (pence / 100).toFixed(2).replace(/\.00$/, ''));

function draftOf(filters: ListingFilters): Draft {
  return { filters, priceFrom: poundsOf(filters.price_from), priceTo: poundsOf(filters.price_to) };
}

/** Pounds as typed to pence; undefined for an empty box, null for something that is not a price. */
function penceOf(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
}

interface PriceCheck {
  filters: ListingFilters | null;
  fromError?: string | undefined;
  toError?: string | undefined;
}

function checked(draft: Draft): PriceCheck {
  const from = penceOf(draft.priceFrom);
  const to = penceOf(draft.priceTo);
  const fromError = from === null ? 'Enter an amount of 0 or more.' : undefined;
  const toError = to === null ? 'Enter an amount of 0 or more.' : from !== undefined && from !== null && to !== undefined && to < from ? 'To must not be below From.' : undefined;
  if (fromError || toError) return { filters: null, fromError, toError };
  return { filters: { ...draft.filters, price_from: from ?? undefined, price_to: to ?? undefined } };
}

const same = (a: ListingFilters, b: ListingFilters) => JSON.stringify(a) === JSON.stringify(b);

interface FilterPanelProps {
  options: ListingFilterOptions;
  /** The filters in the URL. */
  filters: ListingFilters;
  onApply: (filters: ListingFilters) => void;
}

export function FilterPanel({ options, filters, onApply }: FilterPanelProps) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(filters));
  // Back, a link or Clear filters change the URL: the panel follows.
  const [shown, setShown] = useState(filters);
  if (!same(shown, filters)) {
    setShown(filters);
    // A price box keeps what was typed in it when the URL did not change that bound (typing in To
    // while From's change lands) or already says the same amount ('10.5', not '10.50').
    const keeps = (typed: string, before: number | undefined, now: number | undefined) => before === now || penceOf(typed) === now;
    setDraft((current) => ({
      filters,
      priceFrom: keeps(current.priceFrom, shown.price_from, filters.price_from) ? current.priceFrom : poundsOf(filters.price_from),
      priceTo: keeps(current.priceTo, shown.price_to, filters.price_to) ? current.priceTo : poundsOf(filters.price_to),
    }));
  }

  const check = checked(draft);
  const pending = check.filters && !same(check.filters, filters) ? check.filters : null;
  const latest = useRef({ pending, onApply });
  useEffect(() => {
    latest.current = { pending, onApply };
  });
  const pendingKey = pending ? JSON.stringify(pending) : '';
  useEffect(() => {
    if (!pendingKey) return;
    const timer = window.setTimeout(() => {
      const { pending: waiting, onApply: apply } = latest.current;
      if (waiting) apply(waiting);
    }, FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pendingKey]);
  // Closing the panel (the phone's sheet) applies what is still waiting.
  useEffect(
    () => () => {
      if (latest.current.pending) latest.current.onApply(latest.current.pending);
    },
    [],
  );

  const update = (change: Partial<ListingFilters>) => setDraft((current) => ({ ...current, filters: { ...current.filters, ...change } }));
  const toggle = (list: 'badges' | 'attribute', value: number, on: boolean) => {
    const ids = idsOf(draft.filters[list]).filter((item) => item !== value);
    update({ [list]: listOf(on ? [...ids, value] : ids) });
  };
  const sortValue = `${draft.filters.sort}.${draft.filters.direction}`;
  const clear = () => {
    const cleared: ListingFilters = { sort: 'id', direction: 'DESC', categories: filters.categories };
    setDraft(draftOf(cleared));
    onApply(cleared);
  };

  return (
    <div className={styles.panel}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Sort by</legend>
        {SORT_OPTIONS.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-sort`}
              value={option.value}
              checked={sortValue === option.value}
              onChange={() => {
                const [sort, direction] = option.value.split('.') as [SortField, Direction];
                update({ sort, direction });
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>

      {options.badges.length > 0 ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Badges</legend>
          {options.badges.map((badge) => (
            <label key={badge.id} className={styles.choice}>
              <input type="checkbox" checked={idsOf(draft.filters.badges).includes(badge.id)} onChange={(event) => toggle('badges', badge.id, event.target.checked)} />
              {badge.name}
            </label>
          ))}
        </fieldset>
      ) : null}

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Price (£, inc. VAT)</legend>
        <div className={styles.prices}>
          <div className={styles.price}>
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              className={styles.input}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={draft.priceFrom}
              onChange={(event) => setDraft((current) => ({ ...current, priceFrom: event.target.value }))}
              aria-invalid={Boolean(check.fromError)}
              aria-describedby={check.fromError ? `${id}-from-error` : undefined}
            />
            {check.fromError ? (
              <span id={`${id}-from-error`} className={styles.error}>
                {check.fromError}
              </span>
            ) : null}
          </div>
          <div className={styles.price}>
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              className={styles.input}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={draft.priceTo}
              onChange={(event) => setDraft((current) => ({ ...current, priceTo: event.target.value }))}
              aria-invalid={Boolean(check.toError)}
              aria-describedby={check.toError ? `${id}-to-error` : undefined}
            />
            {check.toError ? (
              <span id={`${id}-to-error`} className={styles.error}>
                {check.toError}
              </span>
            ) : null}
          </div>
        </div>
      </fieldset>

      {options.attributeGroups.map((group) => {
        const chosen = group.product_attribute_values.filter((value) => idsOf(draft.filters.attribute).includes(value.id)).length;
        // Many groups: each folds away (open while it has a choice), so the list stays in reach.
        return (
          <details key={group.id} className={styles.fold} open={chosen > 0 || undefined}>
            <summary className={styles.summary}>
              {group.name}
              {chosen > 0 ? <span className={styles.chosen}> ({chosen} chosen)</span> : null}
            </summary>
            <fieldset className={styles.columns}>
              <legend className="visually-hidden">{group.name}</legend>
              {group.product_attribute_values.map((value) => (
                <label key={value.id} className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={idsOf(draft.filters.attribute).includes(value.id)}
                    onChange={(event) => toggle('attribute', value.id, event.target.checked)}
                  />
                  {value.name}
                </label>
              ))}
            </fieldset>
          </details>
        );
      })}

      <Button variant="secondary" block onClick={clear}>
        Clear filters
      </Button>
    </div>
  );
}
