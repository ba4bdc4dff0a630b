/**
 * The postcode field with address suggestions (SPEC §2, §5, §9): upper case, at most 15
 * characters; 1 s after typing stops, a postcode of more than 2 characters is looked up through
 * the server (GET /addresses/lookup, so no lookup key reaches the browser) and the addresses at it
 * are offered as a list of buttons; choosing one fills the address. Used by the cart page and the
 * addresses step.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useState, type Ref } from 'react';
import { lookupAddresses, type LookedUpAddress } from '../../contract/checkout';
import { shouldLookUpPostcode } from '../../domain/cart';
import { t } from '../../domain/messages';
import { normalisePostcode, POSTCODE_MAX_LENGTH, postcodeKey } from '../../domain/validation';
import { isApiError } from '../api/api-error';
import { apiOf } from '../api/client';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { Field } from '../ui/field';
import styles from './postcode-lookup.module.css';
import '../../domain/messages-more';

/** SPEC §9: the postcode is looked up 1000 ms after the last keystroke. */
export const POSTCODE_DEBOUNCE_MS = 1000;

export type LookupState = 'idle' | 'loading' | 'found' | 'unknown' | 'invalid' | 'unavailable';

export const addressLookupQueryOptions = (postcode: string) =>
  queryOptions({
    queryKey: ['address-lookup', postcodeKey(postcode)] as const,
    queryFn: ({ client, signal }) => apiOf(client)(lookupAddresses, { query: { postcode: postcode.trim() }, signal }),
    staleTime: 60 * 60_000,
    retry: false,
  });

/** The lookup of the postcode once it has settled for 1 s (and is long enough to look up). */
export function usePostcodeLookup(postcode: string, enabled: boolean) {
  const settled = useDebouncedValue(postcode, POSTCODE_DEBOUNCE_MS);
  const active = enabled && shouldLookUpPostcode(settled) && postcodeKey(settled) === postcodeKey(postcode);
  const query = useQuery({ ...addressLookupQueryOptions(settled), enabled: active, placeholderData: keepPreviousData });
  let state: LookupState = 'idle';
  if (active) {
    if (query.isFetching) state = 'loading';
    else if (query.data) state = 'found';
    else if (query.error) state = isApiError(query.error) && query.error.status === 404 ? 'unknown' : isApiError(query.error) && query.error.status === 422 ? 'invalid' : 'unavailable';
  }
  return { settled, state, addresses: active && state === 'found' ? (query.data?.addresses ?? []) : [], error: query.error };
}

/** One line for a suggested address: '12 High Street, Flat 2, Leeds'. */
export function addressLine(address: LookedUpAddress): string {
  return [address.address1, address.address2, address.address3, address.city].filter(Boolean).join(', ');
}

export interface PostcodeLookupFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onChoose: (address: LookedUpAddress) => void;
  disabled?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** Off where the field only shows a fixed postcode. */
  lookup?: boolean;
  /** The address at this postcode is already filled in: offer the list behind a button. */
  initiallyChosen?: boolean;
}

export function PostcodeLookupField({ label, value, onChange, onBlur, onChoose, disabled = false, error, hint, inputRef, name, lookup = true, initiallyChosen = false }: PostcodeLookupFieldProps) {
  // A fixed (disabled) postcode is still looked up, so its addresses can be chosen.
  const { state, addresses, settled } = usePostcodeLookup(value, lookup);
  const listId = useId();
  // Once an address is chosen the list folds away (until the postcode changes or it is asked for).
  const [chosenAt, setChosenAt] = useState<string | null>(initiallyChosen ? postcodeKey(value) : null);
  const folded = chosenAt !== null && chosenAt === postcodeKey(settled);
  const choose = (address: LookedUpAddress) => {
    setChosenAt(postcodeKey(address.postcode));
    onChoose(address);
  };
  const lookupError = state === 'invalid' ? t('validation.postcode') : undefined;
  return (
    <div className={styles.wrap}>
      <Field label={label} hint={hint} error={error ?? lookupError}>
        {({ className, ...field }) => (
          <input
            {...field}
            ref={inputRef}
            name={name}
            className={`${className} ${styles.upper}`}
            type="text"
            value={value}
            onChange={(event) => onChange(normalisePostcode(event.target.value))}
            onBlur={onBlur}
            disabled={disabled}
            maxLength={POSTCODE_MAX_LENGTH}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
            aria-controls={addresses.length && !folded ? listId : undefined}
          />
        )}
      </Field>
      <div aria-live="polite" className={styles.status}>
        {state === 'loading' ? 'Looking up addresses…' : null}
        {state === 'unknown' ? t('addresses.not_found') : null}
        {state === 'unavailable' ? t('addresses.lookup_unavailable') : null}
        {state === 'found' && addresses.length > 0 && !folded ? `${addresses.length} ${addresses.length === 1 ? 'address' : 'addresses'} found at ${settled.trim()}.` : null}
      </div>
      {addresses.length > 0 && folded ? (
        <button type="button" className={styles.unfold} onClick={() => setChosenAt(null)}>
          Choose another address at {settled.trim()}
        </button>
      ) : null}
      {addresses.length > 0 && !folded ? (
        <ul id={listId} className={styles.suggestions} aria-label={`Addresses at ${settled.trim()}`}>
          {addresses.map((address) => (
            <li key={`${address.address1}|${address.address2}|${address.address3}|${address.postcode}`}>
              <button type="button" className={styles.suggestion} onClick={() => choose(address)}>
                {addressLine(address)}
                <span className={styles.suggestionPostcode}>{address.postcode}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
