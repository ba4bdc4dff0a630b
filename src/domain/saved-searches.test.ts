import { describe, expect, it } from 'vitest';
import { savedSearchOfResults } from './saved-search-of-results';
import { priceBoundsText, savedSearchSummary, savedSearchUrl } from './saved-searches';
import { categoriesSearchSchema } from './search';

describe('what a results page saves', () => {
  it('saves the search by its mode: registration, then part number, then make/model/year', () => {
    expect(savedSearchOfResults({ vrn: 'AB12CDE', partType: 48, oem: 'X123', make: 'FORD' })).toEqual({ vrn: 'AB12CDE', partType: 48 });
    expect(savedSearchOfResults({ vrn: 'LM70HZY', model: '3 Series', partType: 1 })).toEqual({ vrn: 'LM70HZY', model: '3 Series', partType: 1 });
    expect(savedSearchOfResults({ oem: 'AV6N-10300', make: 'FORD' })).toEqual({ oem: 'AV6N-10300' });
    expect(savedSearchOfResults({ make: 'FORD', model: 'Focus Mk3', year: 2012, partType: 3 })).toEqual({ make: 'FORD', model: 'Focus Mk3', year: 2012, partType: 3 });
    expect(savedSearchOfResults({ make: 'FORD' })).toEqual({ make: 'FORD' });
  });

  it('has nothing to save without search terms or for one donor vehicle', () => {
    expect(savedSearchOfResults({})).toBeNull();
    expect(savedSearchOfResults({ partType: 3, year: 2012 })).toBeNull();
    expect(savedSearchOfResults({ make: 'FORD', model: 'Focus Mk3', stock: 'STK-012001' })).toBeNull();
  });
});

describe('the results page of a saved search', () => {
  it('is /categories with the values the page reads, price bounds left to the counts', () => {
    expect(savedSearchUrl({ vrn: 'AB12CDE', partType: 48, price_to: 7000 })).toBe('/categories?vrn=AB12CDE&partType=48');
    expect(savedSearchUrl({ make: 'FORD', model: 'Focus Mk3', year: 2012, partType: 3 })).toBe('/categories?make=FORD&model=Focus+Mk3&year=2012&partType=3');
    expect(savedSearchUrl({ oem: 'AV6N-10300', soldOut: true })).toBe('/categories?oem=AV6N-10300&soldOut=true');
    expect(savedSearchUrl({ oem: 'AV6N-10300', soldOut: false })).toBe('/categories?oem=AV6N-10300');
  });

  it('opens the same search the results page saved', () => {
    const searches = [
      { vrn: 'AB12CDE', partType: 48 },
      { oem: 'AV6N-10300' },
      { make: 'FORD', model: 'Focus Mk3', year: 2012, partType: 3 },
      { vrn: 'LM70HZY', model: '3 Series', partType: 1 },
    ];
    for (const search of searches) {
      const saved = savedSearchOfResults(search);
      if (!saved) throw new Error('not saved');
      const url = new URL(savedSearchUrl(saved), 'https://shop.example');
      expect(categoriesSearchSchema.parse(Object.fromEntries(url.searchParams))).toEqual(search);
    }
  });
});

describe('how a saved search is described', () => {
  it('says what it searches, its part type and its price bounds', () => {
    expect(savedSearchSummary({ vrn: 'AB12CDE', partType: 48 }, 'Headlight (Right)')).toBe('Registration AB12CDE · Headlight (Right)');
    expect(savedSearchSummary({ vrn: 'LM70HZY', model: '3 Series' }, null)).toBe('Registration LM70HZY (3 Series)');
    expect(savedSearchSummary({ oem: 'AV6N-10300' }, null)).toBe('Part number AV6N-10300');
    expect(savedSearchSummary({ make: 'FORD', model: 'Focus Mk3', year: 2012, price_to: 7000 }, 'Alternator')).toBe('2012 FORD Focus Mk3 · Alternator · up to £70.00');
  });

  it('reads price bounds in pounds', () => {
    expect(priceBoundsText({})).toBeNull();
    expect(priceBoundsText({ price_from: 1000 })).toBe('from £10.00');
    expect(priceBoundsText({ price_to: 0 })).toBe('up to £0.00');
    expect(priceBoundsText({ price_from: 1000, price_to: 7999 })).toBe('£10.00 to £79.99');
  });
});
