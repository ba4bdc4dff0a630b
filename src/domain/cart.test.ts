import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COUNTRY_ID,
  DEFAULT_REGION_ID,
  DELIVERY_ID,
  canChooseDelivery,
  canSubmitCart,
  deliveryServesPostcode,
  discountCodeProblem,
  effectivePostcodeValidity,
  isUkRegion,
  shouldLookUpPostcode,
} from './cart';

describe('SPEC §9 cart constants: country 235, region 1, UK regions 1 to 7, pickup 1, courier 2', () => {
  it('has the defaults', () => {
    expect([DEFAULT_COUNTRY_ID, DEFAULT_REGION_ID]).toEqual([235, 1]);
    expect(DELIVERY_ID).toEqual({ PERSONAL_PICKUP: 1, COURIER: 2 });
  });

  it('UK regions are 1 to 7 unless configured otherwise', () => {
    expect(isUkRegion(1)).toBe(true);
    expect(isUkRegion(7)).toBe(true);
    expect(isUkRegion(8)).toBe(false);
    expect(isUkRegion(null)).toBe(false);
    expect(isUkRegion(8, [8, 9])).toBe(true);
  });
});

describe('SPEC §4 postcode validity: non-UK regions count as valid', () => {
  it('keeps the validity for UK regions only', () => {
    expect(effectivePostcodeValidity(1, 'invalid')).toBe('invalid');
    expect(effectivePostcodeValidity(1, 'unknown')).toBe('unknown');
    expect(effectivePostcodeValidity(12, 'invalid')).toBe('valid');
  });

  it('looks a postcode up only above 2 characters', () => {
    expect(shouldLookUpPostcode('SW')).toBe(false);
    expect(shouldLookUpPostcode(' S W ')).toBe(false);
    expect(shouldLookUpPostcode('SW1')).toBe(true);
  });
});

describe('SPEC §5 delivery options restricted to postcode prefixes', () => {
  it('serves every postcode without prefixes', () => {
    expect(deliveryServesPostcode('', 'SW1A 1AA')).toBe(true);
    expect(deliveryServesPostcode(null, 'SW1A 1AA')).toBe(true);
  });

  it('serves only postcodes starting with a prefix, spaces and case ignored', () => {
    expect(deliveryServesPostcode('SW, ec1', 'sw1a 1aa')).toBe(true);
    expect(deliveryServesPostcode('SW,EC1', 'EC1A 1BB')).toBe(true);
    expect(deliveryServesPostcode('SW,EC1', 'M1 1AE')).toBe(false);
  });
});

describe('SPEC §5 cart submit and delivery selection', () => {
  it('delivery needs a region and a valid postcode (always valid outside the UK)', () => {
    expect(canChooseDelivery({ regionId: 1, postcodeValidity: 'valid' })).toBe(true);
    expect(canChooseDelivery({ regionId: 1, postcodeValidity: 'unknown' })).toBe(false);
    expect(canChooseDelivery({ regionId: 20, postcodeValidity: 'unknown' })).toBe(true);
    expect(canChooseDelivery({ regionId: null, postcodeValidity: 'valid' })).toBe(false);
  });

  it('submit needs a region, a delivery and the terms agreed', () => {
    expect(canSubmitCart({ regionId: 1, deliveryId: 2, agreedTerms: true })).toBe(true);
    expect(canSubmitCart({ regionId: 1, deliveryId: 2, agreedTerms: false })).toBe(false);
    expect(canSubmitCart({ regionId: 1, deliveryId: null, agreedTerms: true })).toBe(false);
    expect(canSubmitCart({ regionId: undefined, deliveryId: 2, agreedTerms: true })).toBe(false);
  });

  it("discount code: empty gives 'no discount code', a missing postcode 'region postcode'", () => {
    expect(discountCodeProblem(' ', 'SW1A 1AA')).toBe('cart.no_discount_code');
    expect(discountCodeProblem('SAVE10', '')).toBe('cart.region_postcode');
    expect(discountCodeProblem('SAVE10', null)).toBe('cart.region_postcode');
    expect(discountCodeProblem('SAVE10', 'SW1A 1AA')).toBeNull();
  });
});
