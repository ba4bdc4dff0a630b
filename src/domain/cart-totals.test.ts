import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  discountCodeKey,
  discountCodeRefusal,
  largestPackageType,
  lineAmounts,
  offeredDeliveries,
  PACKAGE_TYPES,
  regionOfPostcode,
  thresholdForTurnover,
  type DiscountCodeTerms,
  type TotalsInput,
} from './cart-totals';

const NOW = new Date('2026-11-01T09:00:00Z');
const noCode = { discountCode: null, discountContext: { now: NOW, timesUsed: 0 } };
const percent = (value: number, changes: Partial<DiscountCodeTerms> = {}): DiscountCodeTerms => ({
  code: 'DEMO10',
  kind: 'PERCENT',
  value,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  minimumBasket: null,
  ...changes,
});
const amount = (pence: number, changes: Partial<DiscountCodeTerms> = {}): DiscountCodeTerms => ({ ...percent(0), code: 'FIVEOFF', kind: 'AMOUNT', value: pence, ...changes });

describe('cart line amounts', () => {
  it('gives net and gross of the part and its warranty, and the line values', () => {
    expect(lineAmounts({ netPrice: 6666, warrantyNet: 833, quantity: 1 })).toEqual({
      net_price: 6666,
      gross_price: 7999,
      warranty_price: 833,
      warranty_gross_price: 1000,
      value: 7499,
      gross_value: 8999,
      tax_percentage: 20,
    });
  });
});

describe('cart totals (SPEC §2 summary, §3 cart, §9 to-pay floored at 0)', () => {
  it('adds the lines, delivery and VAT', () => {
    const totals = cartTotals({
      lines: [
        { netPrice: 6666, warrantyNet: 0, quantity: 1, forSale: true },
        { netPrice: 5833, warrantyNet: 833, quantity: 1, forSale: true },
      ],
      deliveryNet: 750,
      loyaltyPercent: 0,
      commissionBasisPoints: 0,
      ...noCode,
    });
    expect(totals).toMatchObject({
      total_quantity: 2,
      sub_total: 13332,
      gross_sub_total: 7999 + 7000 + 1000,
      delivery_value: 750,
      gross_delivery_value: 900,
      amount_discount_threshold: 0,
      value_after_discount_threshold: 13332,
      commission_value: 0,
      tax_value: 2816,
      total_value: 16898,
      discount_code_amount: 0,
      to_pay: 16898,
    });
  });

  it('counts nothing of a line that went', () => {
    const totals = cartTotals({
      lines: [
        { netPrice: 6666, warrantyNet: 0, quantity: 1, forSale: false },
        { netPrice: 1000, warrantyNet: 0, quantity: 1, forSale: true },
      ],
      deliveryNet: null,
      loyaltyPercent: 0,
      commissionBasisPoints: 0,
      ...noCode,
    });
    expect(totals).toMatchObject({ total_quantity: 1, sub_total: 1000, total_value: 1200, to_pay: 1200 });
  });

  it('takes the loyalty percent off the goods before delivery, commission and VAT', () => {
    const totals = cartTotals({
      lines: [{ netPrice: 10000, warrantyNet: 0, quantity: 1, forSale: true }],
      deliveryNet: 1000,
      loyaltyPercent: 5,
      commissionBasisPoints: 250,
      ...noCode,
    });
    expect(totals).toMatchObject({
      amount_discount_threshold: 500,
      value_after_discount_threshold: 9500,
      commission_value: 263, // 2.5 % of 10 500, 262.5 rounded half up
      tax_value: 2153, // VAT on 10 763
      total_value: 12916,
      to_pay: 12916,
    });
  });

  it('takes a percent code off the goods after loyalty, VAT included, and a fixed code at face value', () => {
    const base: Omit<TotalsInput, 'discountCode'> = {
      lines: [{ netPrice: 10000, warrantyNet: 0, quantity: 1, forSale: true }],
      deliveryNet: 1000,
      loyaltyPercent: 0,
      commissionBasisPoints: 0,
      discountContext: { now: NOW, timesUsed: 0 },
    };
    expect(cartTotals({ ...base, discountCode: percent(10) })).toMatchObject({ total_value: 13200, discount_code_amount: 1200, to_pay: 12000 });
    expect(cartTotals({ ...base, discountCode: amount(500) })).toMatchObject({ discount_code_amount: 500, to_pay: 12700 });
  });

  it('never asks less than 0: a fixed code larger than the total takes off the total only', () => {
    const totals = cartTotals({
      lines: [{ netPrice: 500, warrantyNet: 0, quantity: 1, forSale: true }],
      deliveryNet: 0,
      loyaltyPercent: 0,
      commissionBasisPoints: 0,
      discountCode: amount(5000),
      discountContext: { now: NOW, timesUsed: 0 },
    });
    expect(totals).toMatchObject({ total_value: 600, discount_code_amount: 600, to_pay: 0 });
  });

  it('keeps a code that does not apply but takes nothing off, saying why', () => {
    const totals = cartTotals({
      lines: [{ netPrice: 5000, warrantyNet: 0, quantity: 1, forSale: true }],
      deliveryNet: null,
      loyaltyPercent: 0,
      commissionBasisPoints: 0,
      discountCode: percent(20, { minimumBasket: 20000 }),
      discountContext: { now: NOW, timesUsed: 0 },
    });
    expect(totals.discount_code_amount).toBe(0);
    expect(totals.discount_code_refusal).toEqual({ key: 'discount.minimum_basket', minimumBasket: 20000 });
    expect(totals.to_pay).toBe(6000);
  });

  /** The same arithmetic written independently, in exact rationals (BigInt), as a reference. */
  function reference(input: TotalsInput): bigint {
    const roundHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);
    const gross = (net: bigint) => roundHalfUp(net * 120n, 100n);
    let sub = 0n;
    let grossGoods = 0n;
    for (const line of input.lines.filter((candidate) => candidate.forSale)) {
      sub += BigInt(line.netPrice + line.warrantyNet) * BigInt(line.quantity);
      grossGoods += (gross(BigInt(line.netPrice)) + gross(BigInt(line.warrantyNet))) * BigInt(line.quantity);
    }
    const loyalty = roundHalfUp(sub * BigInt(Math.round(input.loyaltyPercent * 100)), 10_000n);
    const after = sub - loyalty;
    const delivery = BigInt(input.deliveryNet ?? 0);
    const commission = roundHalfUp((after + delivery) * BigInt(input.commissionBasisPoints), 10_000n);
    const total = gross(after + delivery + commission);
    let discount = 0n;
    const code = input.discountCode;
    const refused =
      !code ||
      (code.validFrom !== null && input.discountContext.now < code.validFrom) ||
      (code.validTo !== null && input.discountContext.now > code.validTo) ||
      (code.usageLimit !== null && input.discountContext.timesUsed >= code.usageLimit) ||
      (code.minimumBasket !== null && grossGoods < BigInt(code.minimumBasket));
    if (code && !refused) {
      discount = code.kind === 'PERCENT' ? roundHalfUp(gross(after) * BigInt(Math.round(code.value * 100)), 10_000n) : BigInt(code.value);
    }
    const rest = total - discount;
    return rest < 0n ? 0n : rest;
  }

  const day = 86_400_000;
  const codeArbitrary: fc.Arbitrary<DiscountCodeTerms | null> = fc.option(
    fc.record({
      code: fc.constant('CODE'),
      kind: fc.constantFrom('PERCENT' as const, 'AMOUNT' as const),
      value: fc.integer({ min: 0, max: 100_00 }).map((value) => value / 100),
      validFrom: fc.option(fc.integer({ min: -30, max: 30 }).map((days) => new Date(NOW.getTime() + days * day))),
      validTo: fc.option(fc.integer({ min: -30, max: 30 }).map((days) => new Date(NOW.getTime() + days * day))),
      usageLimit: fc.option(fc.integer({ min: 0, max: 5 })),
      minimumBasket: fc.option(fc.integer({ min: 0, max: 500_000 })),
    }).chain((terms) =>
      terms.kind === 'AMOUNT' ? fc.integer({ min: 0, max: 100_000 }).map((pence) => ({ ...terms, value: pence })) : fc.constant(terms),
    ),
  );
  const inputArbitrary: fc.Arbitrary<TotalsInput> = fc.record({
    lines: fc.array(
      fc.record({
        netPrice: fc.integer({ min: 0, max: 500_000 }),
        warrantyNet: fc.constantFrom(0, 833, 1666, 2916),
        quantity: fc.constant(1),
        forSale: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
    deliveryNet: fc.option(fc.integer({ min: 0, max: 30_000 })),
    loyaltyPercent: fc.constantFrom(0, 2, 2.5, 5, 7.5, 10),
    discountCode: codeArbitrary,
    discountContext: fc.record({ now: fc.constant(NOW), timesUsed: fc.integer({ min: 0, max: 6 }) }),
    commissionBasisPoints: fc.constantFrom(0, 150, 290, 1000),
  });

  it('property: to_pay equals the reference arithmetic, in whole pence, never below 0', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const totals = cartTotals(input);
        expect(Number.isSafeInteger(totals.to_pay)).toBe(true);
        expect(totals.to_pay).toBeGreaterThanOrEqual(0);
        expect(BigInt(totals.to_pay)).toBe(reference(input));
      }),
      { numRuns: 500 },
    );
  });

  it('property: the summary adds up — net parts, VAT and discount give to_pay; every amount is whole and not negative', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const totals = cartTotals(input);
        for (const value of Object.values(totals)) {
          if (typeof value === 'number') {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
        }
        expect(totals.value_after_discount_threshold).toBe(totals.sub_total - totals.amount_discount_threshold);
        expect(totals.total_value).toBe(totals.value_after_discount_threshold + totals.delivery_value + totals.commission_value + totals.tax_value);
        expect(totals.to_pay).toBe(totals.total_value - totals.discount_code_amount);
        expect(totals.discount_code_amount).toBeLessThanOrEqual(totals.total_value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('discount code rules', () => {
  it('reads codes without case or spaces', () => {
    expect(discountCodeKey(' demo 10 ')).toBe('DEMO10');
  });

  it('refuses before validFrom, after validTo, used up, and below the minimum basket', () => {
    const at = { now: NOW, timesUsed: 0, basketGross: 10_000 };
    expect(discountCodeRefusal(percent(10), at)).toBeNull();
    expect(discountCodeRefusal(percent(10, { validFrom: new Date(NOW.getTime() + 1) }), at)).toEqual({ key: 'discount.not_started' });
    expect(discountCodeRefusal(percent(10, { validTo: new Date(NOW.getTime() - 1) }), at)).toEqual({ key: 'discount.expired' });
    expect(discountCodeRefusal(percent(10, { validTo: NOW }), at)).toBeNull();
    expect(discountCodeRefusal(percent(10, { usageLimit: 1 }), { ...at, timesUsed: 1 })).toEqual({ key: 'discount.used_up' });
    expect(discountCodeRefusal(percent(10, { minimumBasket: 10_001 }), at)).toEqual({ key: 'discount.minimum_basket', minimumBasket: 10_001 });
    expect(discountCodeRefusal(percent(10, { minimumBasket: 10_000 }), at)).toBeNull();
  });
});

describe('SPEC §3 loyalty levels from turnover', () => {
  const levels = [
    { id: 1, discount: 0, amount_from: 0, amount_to: 50_000 },
    { id: 2, discount: 3, amount_from: 50_000, amount_to: 200_000 },
    { id: 3, discount: 5, amount_from: 200_000, amount_to: null },
  ];
  it('finds the level whose range holds the turnover, the last without upper bound', () => {
    expect(thresholdForTurnover(levels, 0)?.id).toBe(1);
    expect(thresholdForTurnover(levels, 49_999)?.id).toBe(1);
    expect(thresholdForTurnover(levels, 50_000)?.id).toBe(2);
    expect(thresholdForTurnover(levels, 10_000_000)?.id).toBe(3);
    expect(thresholdForTurnover(levels.slice(1), 100)).toBeNull();
  });
});

describe('SPEC §3 package types: the largest decides', () => {
  it('orders parcels before bumper boxes before pallets', () => {
    expect(largestPackageType([])).toBeNull();
    expect(largestPackageType(['REGULAR_PARCELS', 'XL_PARCELS', 'LARGE_PARCELS'])).toBe('XL_PARCELS');
    expect(largestPackageType(['EURO_PALLET', 'BUMPER_BOXES'])).toBe('EURO_PALLET');
    expect(largestPackageType(['DOUBLE_EURO_PALLET', 'OTHER'])).toBe('OTHER');
  });

  it('property: the result is one of the inputs and no input is larger', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PACKAGE_TYPES), { minLength: 1 }), (types) => {
        const largest = largestPackageType(types);
        expect(types).toContain(largest);
        for (const type of types) expect(PACKAGE_TYPES.indexOf(type)).toBeLessThanOrEqual(PACKAGE_TYPES.indexOf(largest ?? 'REGULAR_PARCELS'));
      }),
    );
  });
});

describe('SPEC §5 postcodeMatching: the region of a postcode', () => {
  const regions = [
    { id: 1, postcodes: '' },
    { id: 2, postcodes: 'AB,DD,EH,G,KA,PA,PH' },
    { id: 3, postcodes: 'HS,IV,KW,ZE,PA41,PA42,PH41' },
    { id: 4, postcodes: 'BT' },
    { id: 5, postcodes: 'PO30,PO31,PO41' },
  ];
  it.each([
    ['BT1 5GS', 4],
    ['bt71 4ae', 4],
    ['IV1 1HY', 3],
    ['HS1 2BN', 3],
    ['ZE1 0AA', 3],
    ['KW15 1NX', 3],
    ['PA42 7AB', 3],
    ['PA1 1AA', 2],
    ['EH1 1YZ', 2],
    ['G1 1XQ', 2],
    ['GL1 2AB', 1],
    ['PO30 1UD', 5],
    ['PO3 5AA', 1],
    ['SW1A 1AA', 1],
  ])('%s is in region %i', (postcode, region) => {
    expect(regionOfPostcode(postcode, regions, 1)).toBe(region);
  });

  it('gives null for a postcode that is not UK-shaped', () => {
    expect(regionOfPostcode('D02 X285', regions, 1)).toBeNull();
    expect(regionOfPostcode('', regions, 1)).toBeNull();
  });
});

describe('SPEC §2, §5 deliveries offered', () => {
  const deliveries = [
    { id: 1, postcodes: '' },
    { id: 2, postcodes: '' },
    { id: 3, postcodes: 'E,EC,N,NW,SE,SW,W,WC' },
  ];
  it('offers priced deliveries, and a postcode-limited one only to its postcodes', () => {
    const priced = new Set([1, 2, 3]);
    expect(offeredDeliveries(deliveries, priced, { id: 1, postcode: 'SW1A 1AA' }).map((d) => d.id)).toEqual([1, 2, 3]);
    expect(offeredDeliveries(deliveries, priced, { id: 1, postcode: 'LS1 4AP' }).map((d) => d.id)).toEqual([1, 2]);
    expect(offeredDeliveries(deliveries, new Set([2]), { id: 1, postcode: 'SW1A 1AA' }).map((d) => d.id)).toEqual([2]);
    expect(offeredDeliveries(deliveries, priced, { id: 9, postcode: 'SW1A 1AA' }).map((d) => d.id)).toEqual([1, 2]);
  });
});
