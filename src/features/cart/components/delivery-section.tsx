/**
 * Region, delivery postcode and delivery options of the cart page (SPEC §2, §4, §5, §8):
 * - the region select, grouped by region group, with a 'choose region' empty option; changing it
 *   clears the delivery, the postcode's validity and the suggestions, clears the postcode for a
 *   region outside the UK and checks a postcode of more than 2 characters again;
 * - the postcode, enabled only for UK regions; 1 s after typing stops it is checked against the
 *   region (a postcode of another region switches to it with the 'postcode_matching' warning; an
 *   invalid one shows the server's message and is cleared) and its addresses are suggested;
 *   choosing one keeps it for the addresses step (session 'cc-address');
 * - the delivery options as radios with name and price, only those offered for the region and
 *   postcode, disabled until there is a region and a valid postcode; 'no deliveries' when none.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Cart } from '../../../contract/cart';
import type { LookedUpAddress } from '../../../contract/checkout';
import { canChooseDelivery, effectivePostcodeValidity, shouldLookUpPostcode, type PostcodeValidity } from '../../../domain/cart';
import { offeredDeliveries } from '../../../domain/cart-totals';
import { formatMoney } from '../../../domain/money';
import { t } from '../../../domain/messages';
import { postcodeKey, postcodesMatch } from '../../../domain/validation';
import { deliveryOptionsQueryOptions, newIdempotencyKey, useCartWrite } from '../../../shared/cart/cart-api';
import { cartErrorText } from '../../../shared/cart/error-text';
import { POSTCODE_DEBOUNCE_MS, PostcodeLookupField } from '../../../shared/cart/postcode-lookup';
import { forgetSavedAddressUnlessAt, readSavedAddress, saveAddress } from '../../../shared/cart/saved-address';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useValidatePostcode } from '../api/validate-postcode';
import styles from './delivery-section.module.css';
import '../../../domain/messages-more';

const errorText = cartErrorText;

export function DeliverySection({ cart }: { cart: Cart }) {
  const options = useQuery(deliveryOptionsQueryOptions(cart.package_type));
  const save = useCartWrite('update-region-and-delivery');
  const validate = useValidatePostcode();
  const regionSelectId = useId();

  const regions = options.data?.regions ?? [];
  const regionId = cart.region_id;
  const region = regions.find((entry) => entry.id === regionId) ?? null;
  const isUk = region?.is_uk ?? cart.region?.is_uk ?? false;

  const [postcode, setPostcode] = useState(cart.region_postcode);
  const [validity, setValidity] = useState<PostcodeValidity>(cart.region_postcode ? 'valid' : 'unknown');
  // The postcode last checked, so a settled value is checked once; choosing a region clears it,
  // so the postcode is checked again against the new region.
  const checked = useRef(postcodeKey(cart.region_postcode));
  const settled = useDebouncedValue(postcode, POSTCODE_DEBOUNCE_MS);
  // An address chosen earlier at this postcode (cc-address) keeps the suggestions folded.
  const [chosenAtStart] = useState(() => {
    const saved = readSavedAddress();
    return saved !== null && cart.region_postcode !== '' && postcodesMatch(saved.postcode, cart.region_postcode);
  });

  // SPEC §4: the settled postcode (1 s) is checked against the region, then stored on the cart.
  useEffect(() => {
    if (regionId === null || !isUk) return;
    if (postcodeKey(settled) !== postcodeKey(postcode)) return;
    const key = postcodeKey(settled);
    if (checked.current === key) return;
    if (!shouldLookUpPostcode(settled)) return;
    checked.current = key;
    validate.mutate(
      { region_id: regionId, region_postcode: settled.trim() },
      {
        onSuccess: (answer) => {
          setValidity('valid');
          const matching = answer.postcodeMatching;
          if (matching && matching.id !== regionId) {
            // SPEC §8: a postcode of another region switches to it, with a warning naming it.
            toast.warning(t('cart.postcode_matching', { region: matching.name }));
            save.mutate({ body: { region_id: matching.id, region_postcode: settled.trim(), delivery_id: null }, idempotencyKey: newIdempotencyKey() }, { onError: (error) => toast.error(errorText(error)) });
            return;
          }
          if (postcodeKey(cart.region_postcode) !== postcodeKey(settled)) {
            // The delivery is cleared: options may differ at the new postcode.
            save.mutate({ body: { region_id: regionId, region_postcode: settled.trim(), delivery_id: null }, idempotencyKey: newIdempotencyKey() }, { onError: (error) => toast.error(errorText(error)) });
          }
        },
        onError: (error) => {
          // SPEC §8: an invalid postcode shows the server's message, is cleared and the lookup reset.
          toast.error(errorText(error));
          setValidity('invalid');
          setPostcode('');
          checked.current = '';
          forgetSavedAddressUnlessAt('');
        },
      },
    );
  }, [settled, postcode, regionId, isUk, cart.region_postcode, validate, save]);

  const changePostcode = (value: string) => {
    setPostcode(value);
    forgetSavedAddressUnlessAt(value);
    if (postcodeKey(value) === '') {
      // SPEC §4: emptying the postcode resets its validity (and the delivery it allowed).
      setValidity('unknown');
      checked.current = '';
      if (cart.region_postcode !== '') save.mutate({ body: { region_postcode: '', delivery_id: null }, idempotencyKey: newIdempotencyKey() }, { onError: (error) => toast.error(errorText(error)) });
    } else if (postcodeKey(value) !== postcodeKey(cart.region_postcode)) {
      setValidity('unknown');
    }
  };

  const changeRegion = (value: string) => {
    const nextId = value === '' ? null : Number(value);
    if (nextId === null || nextId === regionId) return;
    const nextIsUk = regions.find((entry) => entry.id === nextId)?.is_uk ?? false;
    // SPEC §4: a new region clears the delivery and the postcode's validity; outside the UK the
    // postcode too. A UK postcode is checked against the new region once this lands.
    setValidity('unknown');
    checked.current = '';
    if (!nextIsUk) {
      setPostcode('');
      forgetSavedAddressUnlessAt('');
    }
    save.mutate(
      { body: { region_id: nextId, region_postcode: '', delivery_id: null }, idempotencyKey: newIdempotencyKey() },
      { onError: (error) => toast.error(errorText(error)) },
    );
  };

  const chooseAddress = (address: LookedUpAddress) => {
    saveAddress(address);
    setPostcode(address.postcode);
    toast.success(`Delivery address set: ${address.address1}, ${address.postcode}.`);
  };

  const ukRegionIds = regions.filter((entry) => entry.is_uk).map((entry) => entry.id);
  const effective = effectivePostcodeValidity(regionId, validity, ukRegionIds);
  const deliveryOpen = canChooseDelivery({ regionId, postcodeValidity: effective }) && (!isUk || postcodeKey(cart.region_postcode) !== '');
  const priceOf = (deliveryId: number) => (regionId === null ? undefined : options.data?.deliveryPrices[String(deliveryId)]?.[String(regionId)]);
  const deliveries = options.data?.deliveries ?? [];
  const priced = new Set(deliveries.filter((delivery) => priceOf(delivery.id) !== undefined).map((delivery) => delivery.id));
  // The same rule the server applies when the delivery is stored (src/domain/cart-totals.ts).
  const offered =
    regionId === null
      ? []
      : offeredDeliveries(deliveries, priced, { id: regionId, postcode: cart.region_postcode }, ukRegionIds).map((delivery) => ({ delivery, price: priceOf(delivery.id) }));

  // The choice shows at once; the cart the server answers then confirms (or undoes) it.
  const [choosing, setChoosing] = useState<number | null>(null);
  const chooseDelivery = (deliveryId: number) => {
    setChoosing(deliveryId);
    save.mutate(
      { body: { delivery_id: deliveryId }, idempotencyKey: newIdempotencyKey() },
      { onError: (error) => toast.error(errorText(error)), onSettled: () => setChoosing(null) },
    );
  };
  const chosenDelivery = choosing ?? cart.delivery_id;

  return (
    <section className={styles.section} aria-labelledby="delivery-title">
      <h2 id="delivery-title" className={styles.title}>
        Delivery
      </h2>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={regionSelectId} className={styles.label}>
            Region
          </label>
          <select id={regionSelectId} className={styles.select} value={regionId ?? ''} onChange={(event) => changeRegion(event.target.value)} disabled={!options.data}>
            <option value="">{t('cart.choose_region')}</option>
            {(options.data?.grouppedRegions ?? []).map((group) => (
              <optgroup key={group.id} label={group.name}>
                {group.regions.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {options.isError ? <span className={styles.error}>{errorText(options.error)}</span> : null}
        </div>
        <PostcodeLookupField
          label="Delivery postcode"
          hint={isUk ? 'We use it to work out the delivery options.' : regionId === null ? 'Choose your region first.' : 'Not needed outside the UK.'}
          value={postcode}
          onChange={changePostcode}
          onChoose={chooseAddress}
          disabled={regionId === null || !isUk}
          lookup={isUk}
          initiallyChosen={chosenAtStart}
        />
      </div>

      <fieldset className={styles.deliveries} disabled={!deliveryOpen}>
        <legend className={styles.label}>Delivery options</legend>
        {!deliveryOpen ? (
          <p className={styles.note}>{regionId === null ? 'Choose your region to see the delivery options.' : 'Enter a valid postcode to see the delivery options.'}</p>
        ) : offered.length === 0 ? (
          <p className={styles.note} role="status">
            {t('cart.no_deliveries')}
          </p>
        ) : (
          <div className={styles.options}>
            {offered.map(({ delivery, price }) => (
              <label key={delivery.id} className={styles.option}>
                <input type="radio" name="delivery" value={delivery.id} checked={chosenDelivery === delivery.id} onChange={() => chooseDelivery(delivery.id)} />
                <span className={styles.optionText}>
                  <span className={styles.optionName}>{delivery.name}</span>
                  {delivery.description ? <span className={styles.note}>{delivery.description}</span> : null}
                </span>
                <span className={styles.optionPrice}>
                  {price ? formatMoney(price.gross_price) : ''}
                  <span className={styles.note}>{price ? `${formatMoney(price.price)} ex. VAT` : ''}</span>
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </section>
  );
}
