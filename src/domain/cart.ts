/**
 * Cart and checkout rules of SPEC §4, §5 and §9 that the cart page and the API both apply:
 * regions, postcodes, delivery options and when the cart can move on.
 */
import type { MessageKey } from './messages';
import { postcodeKey } from './validation';
import './messages-more';

/** SPEC §9 defaults (the server's configuration may override them). */
export const DEFAULT_COUNTRY_ID = 235;
export const DEFAULT_REGION_ID = 1;
export const UK_REGION_IDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];
export const DELIVERY_ID = { PERSONAL_PICKUP: 1, COURIER: 2 } as const;
/** SPEC §5: the postcode lookup and revalidation start above 2 characters. */
export const POSTCODE_LOOKUP_MIN_LENGTH = 3;

/** SPEC §9: UK region ids are 1 to 7 unless configuration says otherwise. */
export function isUkRegion(
  regionId: number | null | undefined,
  ukRegionIds: readonly number[] = UK_REGION_IDS,
): boolean {
  return typeof regionId === 'number' && ukRegionIds.includes(regionId);
}

export type PostcodeValidity = 'unknown' | 'valid' | 'invalid';

/** SPEC §4: postcode validity, where a non-UK region always counts as valid. */
export function effectivePostcodeValidity(
  regionId: number | null | undefined,
  validity: PostcodeValidity,
  ukRegionIds: readonly number[] = UK_REGION_IDS,
): PostcodeValidity {
  return isUkRegion(regionId, ukRegionIds) ? validity : 'valid';
}

/** SPEC §5: a postcode is looked up (and revalidated) only once it is longer than 2 characters. */
export function shouldLookUpPostcode(postcode: string): boolean {
  return postcodeKey(postcode).length >= POSTCODE_LOOKUP_MIN_LENGTH;
}

/**
 * SPEC §3, §5: a delivery option may be limited to postcode prefixes (comma-separated). An empty
 * list serves every postcode; otherwise the postcode, spaces and case ignored, must start with
 * one of the prefixes.
 */
export function deliveryServesPostcode(prefixes: string | null | undefined, postcode: string): boolean {
  const list = (prefixes ?? '').split(',').map(postcodeKey).filter((prefix) => prefix !== '');
  if (list.length === 0) return true;
  const key = postcodeKey(postcode);
  return list.some((prefix) => key.startsWith(prefix));
}

/**
 * SPEC §5: delivery options can be chosen only with a region and a valid postcode (always valid
 * for a non-UK region).
 */
export function canChooseDelivery(
  state: { regionId: number | null | undefined; postcodeValidity: PostcodeValidity },
  ukRegionIds: readonly number[] = UK_REGION_IDS,
): boolean {
  if (typeof state.regionId !== 'number') return false;
  return effectivePostcodeValidity(state.regionId, state.postcodeValidity, ukRegionIds) === 'valid';
}

/** SPEC §5: the cart can be submitted only with a region, a delivery and the terms agreed. */
export function canSubmitCart(state: {
  regionId: number | null | undefined;
  deliveryId: number | null | undefined;
  agreedTerms: boolean;
}): boolean {
  return typeof state.regionId === 'number' && typeof state.deliveryId === 'number' && state.agreedTerms;
}

/**
 * SPEC §5 discount code, checked in order: an empty code gives 'no discount code', a missing
 * postcode 'region postcode'.
 */
export function discountCodeProblem(code: string, postcode: string | null | undefined): MessageKey | null {
  if (code.trim() === '') return 'cart.no_discount_code';
  if (postcodeKey(postcode ?? '') === '') return 'cart.region_postcode';
  return null;
}
