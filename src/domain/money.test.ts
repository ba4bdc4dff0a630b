import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  VAT_RATE_PERCENT,
  discountLabel,
  discountPercent,
  formatMoney,
  grossFromNet,
  loyaltyAmountLabel,
  netFromGross,
  showsRrp,
  toPay,
  vatFromNet,
  warrantyPriceLabel,
} from './money';

const pence = fc.integer({ min: 0, max: 1_000_000_000_00 });

describe('SPEC §1 VAT 20 percent: gross = net × 1.2, half-up to the penny', () => {
  it('uses a 20 percent rate', () => {
    expect(VAT_RATE_PERCENT).toBe(20);
  });

  it('computes gross from net for known amounts', () => {
    expect(grossFromNet(0)).toBe(0);
    expect(grossFromNet(100)).toBe(120);
    expect(grossFromNet(1)).toBe(1); // 1.2p
    expect(grossFromNet(2)).toBe(2); // 2.4p
    expect(grossFromNet(3)).toBe(4); // 3.6p
    expect(grossFromNet(4)).toBe(5); // 4.8p
    expect(grossFromNet(102875)).toBe(123450);
    expect(grossFromNet(999)).toBe(1199); // 1198.8p
  });

  it('rounds halves up in netFromGross (3p gross is 2.5p net → 3p)', () => {
    expect(netFromGross(3)).toBe(3);
    expect(netFromGross(9)).toBe(8); // 7.5p → 8p
    expect(netFromGross(120)).toBe(100);
    expect(netFromGross(123450)).toBe(102875);
  });

  it('mirrors negative amounts (a refund is the exact opposite of its sale)', () => {
    expect(grossFromNet(-3)).toBe(-4);
    expect(netFromGross(-9)).toBe(-8);
  });

  it('property: gross − net = VAT, VAT never negative, all whole pence', () => {
    fc.assert(
      fc.property(pence, (net) => {
        const gross = grossFromNet(net);
        const vat = vatFromNet(net);
        expect(gross - net).toBe(vat);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(gross)).toBe(true);
        expect(Number.isInteger(vat)).toBe(true);
      }),
    );
  });

  it('property: gross is net × 1.2 to within half a penny', () => {
    fc.assert(
      fc.property(pence, (net) => {
        expect(Math.abs(grossFromNet(net) * 5 - net * 6)).toBeLessThanOrEqual(2.5);
      }),
    );
  });

  it('property: netFromGross undoes grossFromNet', () => {
    fc.assert(
      fc.property(pence, (net) => {
        expect(netFromGross(grossFromNet(net))).toBe(net);
      }),
    );
  });

  it('property: VAT is 20 percent of net to within one penny', () => {
    fc.assert(
      fc.property(pence, (net) => {
        expect(Math.abs(vatFromNet(net) * 5 - net)).toBeLessThanOrEqual(2.5);
      }),
    );
  });

  it('refuses amounts that are not whole pence', () => {
    expect(() => grossFromNet(12.5)).toThrow(RangeError);
    expect(() => netFromGross(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(0.1)).toThrow(RangeError);
  });
});

describe('SPEC §1 money format: en-GB for GBP, pl-PL for PLN, always two decimals', () => {
  it('formats GBP in en-GB with the pound sign', () => {
    expect(formatMoney(123450)).toBe('£1,234.50');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(100_000_000)).toBe('£1,000,000.00');
    expect(formatMoney(-250)).toBe('-£2.50');
  });

  it('hides the currency symbol when asked', () => {
    expect(formatMoney(123450, { symbol: false })).toBe('1,234.50');
    expect(formatMoney(123450, { currency: 'PLN', symbol: false })).toMatch(/^1\s?234,50$/u);
  });

  it('formats PLN in pl-PL with a decimal comma and zł', () => {
    const formatted = formatMoney(123450, { currency: 'PLN' });
    expect(formatted.replace(/\s/gu, ' ')).toMatch(/^1 ?234,50 zł$/);
    expect(formatMoney(1234567, { currency: 'PLN' }).replace(/\s/gu, ' ')).toBe('12 345,67 zł');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0)).toBe('£0.00');
  });

  it('property: writes every amount exactly as Intl.NumberFormat does in en-GB and pl-PL', () => {
    const intl = (currency: 'GBP' | 'PLN', symbol: boolean) =>
      new Intl.NumberFormat(currency === 'GBP' ? 'en-GB' : 'pl-PL', {
        ...(symbol ? { style: 'currency', currency } : { style: 'decimal' }),
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    const formats = {
      'GBP:true': intl('GBP', true), 'GBP:false': intl('GBP', false),
      'PLN:true': intl('PLN', true), 'PLN:false': intl('PLN', false),
    };
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: -1e13, max: 1e13 })),
        fc.constantFrom('GBP' as const, 'PLN' as const),
        fc.boolean(),
        (pence, currency, symbol) => {
          const expected = formats[`${currency}:${symbol}`].format(pence === 0 ? 0 : pence / 100);
          expect(formatMoney(pence, { currency, symbol })).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('property: two decimals that read back as the same pence', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (amount) => {
        const text = formatMoney(amount, { symbol: false });
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Math.round(Number(text.replace(/,/g, '')) * 100)).toBe(amount);
      }),
    );
  });
});

describe('SPEC §9 discount: minus the rounded percent of (old − price) / old', () => {
  it('rounds the percent and labels it with a minus and %', () => {
    expect(discountPercent(10000, 7700)).toBe(23);
    expect(discountLabel(10000, 7700)).toBe('-23%');
    expect(discountPercent(300, 200)).toBe(33); // 33.3
    expect(discountPercent(300, 100)).toBe(67); // 66.7
    expect(discountPercent(200, 199)).toBe(1); // 0.5 rounds half-up
  });

  it('shows no discount without an old price above the price', () => {
    expect(discountPercent(0, 500)).toBe(0);
    expect(discountPercent(500, 500)).toBe(0);
    expect(discountPercent(500, 600)).toBe(0);
    expect(discountLabel(500, 600)).toBeNull();
  });

  it('property: the percent lies between 0 and 100', () => {
    fc.assert(
      fc.property(pence, pence, (old, price) => {
        const percent = discountPercent(old, price);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(Number.isInteger(percent)).toBe(true);
      }),
    );
  });
});

describe('SPEC §9 to-pay floored at 0', () => {
  it('subtracts every deduction', () => {
    expect(toPay(10000, 1500, 500)).toBe(8000);
    expect(toPay(10000)).toBe(10000);
  });

  it('never goes below 0', () => {
    expect(toPay(1000, 1500)).toBe(0);
    expect(toPay(1000, 600, 600)).toBe(0);
  });

  it('property: whole pence, never negative, never more than the total', () => {
    fc.assert(
      fc.property(pence, fc.array(pence, { maxLength: 4 }), (total, deductions) => {
        const due = toPay(total, ...deductions);
        expect(Number.isInteger(due)).toBe(true);
        expect(due).toBeGreaterThanOrEqual(0);
        expect(due).toBeLessThanOrEqual(total);
      }),
    );
  });
});

describe('SPEC §9 warranty price 0 shown as free', () => {
  it("shows 'Free' for 0 and the price otherwise", () => {
    expect(warrantyPriceLabel(0)).toBe('Free');
    expect(warrantyPriceLabel(1999)).toBe('£19.99');
    expect(warrantyPriceLabel(1999, { symbol: false })).toBe('19.99');
  });
});

describe("SPEC §9 loyalty bar strips ',00'", () => {
  it('drops zero pence in GBP and PLN', () => {
    expect(loyaltyAmountLabel(100000)).toBe('£1,000');
    expect(loyaltyAmountLabel(100000, { currency: 'PLN' }).replace(/\s/gu, ' ')).toBe('1000 zł');
    expect(loyaltyAmountLabel(0)).toBe('£0');
  });

  it('keeps pence that are not zero', () => {
    expect(loyaltyAmountLabel(100050)).toBe('£1,000.50');
    expect(loyaltyAmountLabel(100005, { currency: 'PLN' }).replace(/\s/gu, ' ')).toBe('1000,05 zł');
  });
});

describe('SPEC §4 RRP line shown only when RRP ≥ the VAT-inclusive price', () => {
  it('compares the RRP with the gross price', () => {
    expect(showsRrp(12000, 10000)).toBe(true); // gross 120.00
    expect(showsRrp(11999, 10000)).toBe(false);
    expect(showsRrp(15000, 10000)).toBe(true);
    expect(showsRrp(null, 10000)).toBe(false);
    expect(showsRrp(0, 0)).toBe(false);
  });
});
