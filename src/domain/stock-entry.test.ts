import { describe, expect, it } from 'vitest';
import { checkPart, parseFitmentsCell, penceOfPounds, poundsOfPence, statusActionProblem, type PartFields, type StockReference } from './stock-entry';

const reference: StockReference = {
  partTypes: [
    { id: 49, name: 'Alternator', externalName: '[Alternator]' },
    { id: 7, name: 'Starter Motor', externalName: 'STARTER_MOTOR' },
  ],
  makes: [
    { id: 3, name: 'Volkswagen' },
    { id: 1, name: 'Ford' },
  ],
  models: [
    { id: 10, makeId: 3, name: 'Golf', generation: 'Mk7', yearFrom: 2012, yearTo: 2020 },
    { id: 11, makeId: 3, name: 'Golf', generation: 'Mk8', yearFrom: 2020, yearTo: null },
    { id: 12, makeId: 3, name: 'Passat', generation: null, yearFrom: 2010, yearTo: 2023 },
    { id: 20, makeId: 1, name: 'Focus', generation: null, yearFrom: 2011, yearTo: 2018 },
  ],
  grades: ['A', 'B', 'C'],
  warranties: [
    { id: 1, name: '3 Months' },
    { id: 2, name: '12 Months' },
    { id: 3, name: '24 Months' },
  ],
  thisYear: 2026,
};

const good: PartFields = {
  tag: 'p0012345',
  stock_number: 'stk-100200',
  part_type: 49,
  make: 3,
  model: 10,
  year: 2016,
  engine_code: 'cjza',
  description: 'Tested, charges at 14.2 V.',
  oem: '04E 903 015, 04E903015A',
  grade: 'a',
  price: '85.50',
  rrp: '240',
};

describe('a part as the yard enters it', () => {
  it('passes a good part, cleaned: capitals, pence, the first OEM number keyed for search, the donor as its fitment', () => {
    const checked = checkPart(good, reference);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.part).toMatchObject({
      tag: 'P0012345',
      stockNumber: 'STK-100200',
      partTypeId: 49,
      partName: '[Alternator]',
      modelId: 10,
      engineCode: 'CJZA',
      oemNumbers: ['04E 903 015', '04E903015A'],
      oemNormalised: '04E903015',
      grade: 'A',
      priceNet: 8550,
      rrpNet: 24000,
      status: 'available',
    });
    expect(checked.part.fitments).toEqual([{ modelId: 10, yearFrom: 2016, yearTo: 2016, engineCode: null, level: 2 }]);
  });

  it('names a part type, make and model by name as a CSV row does, telling generations apart by the year', () => {
    const checked = checkPart({ ...good, part_type: 'alternator', make: 'VOLKSWAGEN', model: 'Golf', year: '2021' }, reference);
    expect(checked.ok && checked.part.modelId).toBe(11);
    const byLabel = checkPart({ ...good, make: 'Volkswagen', model: 'golf mk7' }, reference);
    expect(byLabel.ok && byLabel.part.modelId).toBe(10);
  });

  it('names every bad field with its own message', () => {
    const checked = checkPart(
      { tag: 'P 1', stock_number: '', part_type: 'Flux capacitor', make: 3, model: 99, year: '1900', description: '', oem: 'ab', grade: 'Z', price: 'free', rrp: '-1' },
      reference,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['description', 'grade', 'model', 'oem', 'part_type', 'price', 'rrp', 'stock_number', 'tag', 'year'].sort());
    expect(checked.errors.model).toEqual(['Not a model of this make.']);
  });

  it('refuses a donor year its model was not made in, an RRP below the price, and a nought price', () => {
    const checked = checkPart({ ...good, year: 2010, price: '0', rrp: '' }, reference);
    expect(!checked.ok && checked.errors).toEqual({ year: ['The Golf Mk7 was made from 2012 to 2020.'], price: ['More than £0.'] });
    const rrp = checkPart({ ...good, price: '100', rrp: '99.99' }, reference);
    expect(!rrp.ok && rrp.errors.rrp).toEqual(['The RRP is the price new: not below the price.']);
  });

  it('checks each fitment under its own field name', () => {
    const checked = checkPart({ ...good, fitments: [{ model: 12, year_from: 2015, year_to: 2014 }, { model: 20, year_from: 2012, year_to: 2013, level: 7 }] }, reference);
    expect(!checked.ok && checked.errors).toEqual({
      'fitments.0.year_to': ['Not before the first year.'],
      'fitments.1.model': ['Not a model of this make.'],
      'fitments.1.level': ['1 (exact), 2 (likely) or 3 (check before buying).'],
    });
  });

  it('reads fitments from a CSV cell, engine codes after a slash', () => {
    expect(parseFitmentsCell('Golf Mk7 2013-2017; Passat 2014/CJZA')).toEqual([
      { model: 'Golf Mk7', year_from: '2013', year_to: '2017', engine_code: null },
      { model: 'Passat', year_from: '2014', year_to: '2014', engine_code: 'CJZA' },
    ]);
    expect(parseFitmentsCell('Golf sometime')).toMatch(/^Write each fitment/);
    const checked = checkPart({ ...good, fitments: 'Golf Mk7 2013-2017; Passat 2014/CJZA' }, reference);
    expect(checked.ok && checked.part.fitments).toEqual([
      { modelId: 10, yearFrom: 2013, yearTo: 2017, engineCode: null, level: 2 },
      { modelId: 12, yearFrom: 2014, yearTo: 2014, engineCode: 'CJZA', level: 1 },
    ]);
  });

  it('reads pounds as typed and writes them back', () => {
    expect(penceOfPounds('49.99')).toBe(4999);
    expect(penceOfPounds('£1,250')).toBe(125000);
    expect(penceOfPounds('12.5')).toBe(1250);
    expect(penceOfPounds(7)).toBe(700);
    expect(penceOfPounds('12.345')).toBeNull();
    expect(penceOfPounds('-3')).toBeNull();
    expect(poundsOfPence(125005)).toBe('1250.05');
  });

  it('lets staff mark a part sold or withdrawn and back on sale, never a part an unpaid order holds', () => {
    expect(statusActionProblem('available', 'sold')).toBeNull();
    expect(statusActionProblem('sold', 'for_sale')).toBeNull();
    expect(statusActionProblem('coming_soon', 'for_sale')).toBeNull();
    expect(statusActionProblem('available', 'for_sale')).toBe('The part is on sale already.');
    expect(statusActionProblem('reserved', 'sold')).toMatch(/unpaid order/);
  });

  it('keeps the part type\'s package type and warranties when none are given', () => {
    const checked = checkPart(good, reference);
    expect(checked.ok && checked.part.packageType).toBeNull();
    expect(checked.ok && checked.part.warranties).toEqual([]);
  });

  it('takes a package type of its own, as typed in any case', () => {
    const checked = checkPart({ ...good, package_type: 'euro pallet' }, reference);
    expect(checked.ok && checked.part.packageType).toBe('EURO_PALLET');
    const bad = checkPart({ ...good, package_type: 'CRATE' }, reference);
    expect(!bad.ok && bad.errors.package_type?.[0]).toMatch(/^One of REGULAR_PARCELS, LARGE_PARCELS/);
  });

  it('takes warranties of its own by id or name, the first preselected unless another is named', () => {
    const byIds = checkPart({ ...good, warranties: [2, 3], default_warranty: 3 }, reference);
    expect(byIds.ok && byIds.part.warranties).toEqual([
      { warrantyId: 2, isDefault: false },
      { warrantyId: 3, isDefault: true },
    ]);
    const byNames = checkPart({ ...good, warranties: '12 months; 3 Months' }, reference);
    expect(byNames.ok && byNames.part.warranties).toEqual([
      { warrantyId: 2, isDefault: true },
      { warrantyId: 1, isDefault: false },
    ]);
  });

  it('refuses a warranty the shop does not have, one listed twice, and a preselection outside the list', () => {
    const unknown = checkPart({ ...good, warranties: [2, 99] }, reference);
    expect(!unknown.ok && unknown.errors.warranties).toEqual(["'99' is not a warranty of the shop."]);
    const twice = checkPart({ ...good, warranties: '12 Months;12 months' }, reference);
    expect(!twice.ok && twice.errors.warranties).toEqual(["'12 Months' is listed twice."]);
    const outside = checkPart({ ...good, warranties: [1, 2], default_warranty: 3 }, reference);
    expect(!outside.ok && outside.errors.default_warranty).toEqual(['Preselect one of the warranties the part offers.']);
    const alone = checkPart({ ...good, default_warranty: 2 }, reference);
    expect(!alone.ok && alone.errors.default_warranty).toEqual(['Choose the warranties the part offers first.']);
  });
});
