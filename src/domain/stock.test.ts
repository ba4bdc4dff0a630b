import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canAddToCart, cardShowsAddToCart, isPartAvailable, stockLevel } from './stock';

describe('SPEC §4, §9 stock thresholds 40, 20, 5, 1', () => {
  it.each([
    [1000, 'full', 100],
    [40, 'full', 100],
    [39, 'limited', 70],
    [20, 'limited', 70],
    [19, 'low', 30],
    [5, 'low', 30],
    [4, 'few', 10],
    [1, 'few', 10],
    [0, 'none', 0],
    [-3, 'none', 0],
  ] as const)('%i items → %s (%i%%)', (quantity, label, percent) => {
    expect(stockLevel(quantity)).toMatchObject({ label, percent, messageKey: `stock.${label}` });
  });

  it('always-in-stock is full', () => {
    expect(stockLevel(0, { alwaysInStock: true })).toMatchObject({ label: 'full', percent: 100 });
  });

  it('vehicles: 1 or more full, else none at 1%', () => {
    expect(stockLevel(1, { vehicle: true })).toMatchObject({ label: 'full', percent: 100 });
    expect(stockLevel(3, { vehicle: true })).toMatchObject({ label: 'full', percent: 100 });
    expect(stockLevel(0, { vehicle: true })).toMatchObject({ label: 'none', percent: 1 });
  });

  it('counts a quantity that is not a number as none', () => {
    expect(stockLevel(Number.NaN).label).toBe('none');
  });

  it('property: more stock never shows a lower bar', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 100 }), fc.integer({ min: 0, max: 100 }), (quantity, more) => {
        expect(stockLevel(quantity + more).percent).toBeGreaterThanOrEqual(stockLevel(quantity).percent);
      }),
    );
  });
});

describe('SPEC §2, §5 when a part can be added to the cart', () => {
  it('needs stock_quantity of at least 1', () => {
    expect(canAddToCart(1)).toBe(true);
    expect(canAddToCart(0)).toBe(false);
    expect(canAddToCart(0.5)).toBe(false);
    expect(canAddToCart(undefined)).toBe(false);
  });

  it('shows the card button only when Price and Total are above 0', () => {
    expect(cardShowsAddToCart({ Price: 1000, Total: 1 })).toBe(true);
    expect(cardShowsAddToCart({ Price: 0, Total: 1 })).toBe(false);
    expect(cardShowsAddToCart({ Price: 1000, Total: 0 })).toBe(false);
  });

  it("SPEC §3: Sold 'FALSE' means available", () => {
    expect(isPartAvailable({ Sold: 'FALSE' })).toBe(true);
    expect(isPartAvailable({ Sold: 'TRUE' })).toBe(false);
  });
});
