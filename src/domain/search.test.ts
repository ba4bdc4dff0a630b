import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod/mini';
import {
  categoriesSearch,
  categoriesSearchSchema,
  makeModelSearchProblems,
  partNumberSearchProblem,
  registrationSearchProblem,
  searchMode,
  FIRST_YEAR,
  STOCK_NUMBER_PATTERN,
} from './search';
import { breadcrumbs, isMoreThanLimit } from './search-breadcrumbs';
import { LISTING_DEFAULTS, joinSort, serializeSearchParams, splitSort } from './search-params';
import { cleanPartNumber, cleanVrn } from './validation';

const defaults = { direction: 'DESC', limit: '12', page: '1', sort: 'id' };

describe('SPEC §2 search mode: vrn if a vrn is present, else oem if an oem is present, else make-model', () => {
  it('picks the mode', () => {
    expect(searchMode({ vrn: 'AB12CDE', oem: '123' })).toBe('vrn');
    expect(searchMode({ oem: '1K0615301' })).toBe('oem');
    expect(searchMode({ vrn: '  ', oem: 'ABC' })).toBe('oem');
    expect(searchMode({ vrn: null, oem: '' })).toBe('make-model');
    expect(searchMode({})).toBe('make-model');
  });
});

describe('SPEC §3 search parameters', () => {
  it('applies the listing defaults page 1, limit 12, sort id, direction DESC when absent', () => {
    expect(LISTING_DEFAULTS).toMatchObject({ page: 1, limit: 12, sort: 'id', direction: 'DESC' });
    expect(serializeSearchParams({})).toEqual(defaults);
    expect(serializeSearchParams({ page: 3, limit: 24, sort: 'price', direction: 'ASC' })).toEqual({
      direction: 'ASC',
      limit: '24',
      page: '3',
      sort: 'price',
    });
    expect(serializeSearchParams({ page: '' })).toEqual(defaults);
  });

  it('drops searchID', () => {
    expect(serializeSearchParams({ searchID: 'abc', make: 'FORD' })).toEqual({ ...defaults, make: 'FORD' });
  });

  it('turns partType, as an object with ID or an id above 0, into the id', () => {
    expect(serializeSearchParams({ partType: { ID: 42 } }).partType).toBe('42');
    expect(serializeSearchParams({ partType: 7 }).partType).toBe('7');
    expect(serializeSearchParams({ partType: '7' }).partType).toBe('7');
    expect(serializeSearchParams({ partType: 0 })).not.toHaveProperty('partType');
    expect(serializeSearchParams({ partType: { ID: 0 } })).not.toHaveProperty('partType');
    expect(serializeSearchParams({ partType: -3 })).not.toHaveProperty('partType');
    expect(serializeSearchParams({ partType: null })).not.toHaveProperty('partType');
  });

  it('writes from and to as YYYY-MM-DD dates on London’s calendar', () => {
    const params = serializeSearchParams({
      from: new Date('2025-06-01T23:30:00Z'), // already 2 June in London
      to: '15-06-2025 18:00', // SPEC §9 picker format
    });
    expect(params.from).toBe('2025-06-02');
    expect(params.to).toBe('2025-06-15');
    expect(serializeSearchParams({ from: '2025-06-02' }).from).toBe('2025-06-02');
    expect(serializeSearchParams({ from: 'yesterday' })).not.toHaveProperty('from');
    expect(serializeSearchParams({ to: new Date(Number.NaN) })).not.toHaveProperty('to');
  });

  it('comma-joins arrays', () => {
    expect(serializeSearchParams({ categories: [1, 2, 3], badges: ['a', '', 'b'] })).toMatchObject({
      categories: '1,2,3',
      badges: 'a,b',
    });
    expect(serializeSearchParams({ attribute: [] })).not.toHaveProperty('attribute');
  });

  it("skips empty values but keeps '0'", () => {
    const params = serializeSearchParams({
      make: '',
      model: '   ',
      year: undefined,
      vrn: null,
      soldOut: false,
      stock: '0',
      count: 0,
      abandoned: true,
    });
    expect(params).toEqual({ ...defaults, stock: '0', count: '0', abandoned: 'true' });
  });

  it('keeps other values as they are', () => {
    expect(serializeSearchParams({ make: 'Land Rover', keyword: ' brake ' })).toMatchObject({
      make: 'Land Rover',
      keyword: ' brake ',
    });
  });

  it('property: equal searches give the same query string whatever the key order', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('make', 'model', 'year', 'oem', 'vrn', 'page'), fc.string({ maxLength: 5 })),
        (params) => {
          const reversed = Object.fromEntries(Object.entries(params).reverse());
          expect(JSON.stringify(serializeSearchParams(reversed))).toBe(JSON.stringify(serializeSearchParams(params)));
        },
      ),
    );
  });
});

describe('SPEC §2 sort written as separate sort and direction', () => {
  it('splits and joins field.direction', () => {
    expect(splitSort('price.ASC')).toEqual({ sort: 'price', direction: 'ASC' });
    expect(splitSort('created.desc')).toEqual({ sort: 'created', direction: 'DESC' });
    expect(splitSort('price')).toEqual({ sort: 'price', direction: 'DESC' });
    expect(splitSort('')).toEqual({ sort: 'id', direction: 'DESC' });
    expect(joinSort('price', 'ASC')).toBe('price.ASC');
  });
});

describe('SPEC §2 /categories query', () => {
  it('upper-cases make and oem, cleans the vrn and keeps the part type id', () => {
    expect(
      categoriesSearch({ year: '2015', make: 'ford', model: 'Focus', partType: { ID: 12 }, oem: ' 1k0 ', vrn: 'ab12 cde' }),
    ).toEqual({ year: 2015, make: 'FORD', model: 'Focus', partType: 12, oem: '1K0', vrn: 'AB12CDE' });
  });

  it('leaves empty values out', () => {
    expect(categoriesSearch({ make: '', model: null, partType: 0, vrn: '  ' })).toEqual({});
  });

  it('degrades a bad URL instead of failing', () => {
    expect(categoriesSearchSchema.parse({ year: 'soon', partType: 'x', make: ['A'], vrn: 'ab 1', stock: 77 })).toEqual({
      year: undefined,
      make: undefined,
      model: undefined,
      partType: undefined,
      oem: undefined,
      vrn: 'AB1',
      searchId: undefined,
      stock: '77',
    });
    expect(categoriesSearchSchema.parse({ year: 1979 }).year).toBeUndefined();
    expect(categoriesSearchSchema.parse({ vrn: 'abcdefghijklmn' }).vrn).toBe('ABCDEFGHIJ');
  });

  it('keeps a donor vehicle’s stock number only in the form the part search accepts', () => {
    expect(categoriesSearch({ make: 'ford', stock: ' STK-012001 ' })).toEqual({ make: 'FORD', stock: 'STK-012001' });
    expect(categoriesSearchSchema.parse({ stock: 'STK;012001' }).stock).toBeUndefined();
    expect(categoriesSearchSchema.parse({ stock: 'S'.repeat(31) }).stock).toBeUndefined();
    expect(categoriesSearchSchema.parse({ stock: 'S'.repeat(30) }).stock).toBe('S'.repeat(30));
    expect(categoriesSearchSchema.parse({ stock: '   ' }).stock).toBeUndefined();
  });
});

describe('/categories query read without zod', () => {
  // The zod schema the route used before its validateSearch was written out: the two must agree
  // on every URL, key by key (a key present in the URL stays present, possibly undefined).
  function optionalText(clean: (value: string) => string, pattern = /./) {
    return z.catch(
      z.optional(z.pipe(z.pipe(z.union([z.string(), z.number()]), z.transform((value) => clean(String(value)))), z.string().check(z.minLength(1), z.regex(pattern)))),
      undefined,
    );
  }
  const reference = z.object({
    year: z.catch(z.optional(z.coerce.number().check(z.refine(Number.isInteger), z.gte(FIRST_YEAR), z.lte(9999))), undefined),
    make: optionalText((value) => value.trim().toUpperCase()),
    model: optionalText((value) => value.trim()),
    partType: z.catch(z.optional(z.coerce.number().check(z.refine(Number.isInteger), z.gt(0))), undefined),
    oem: optionalText(cleanPartNumber),
    vrn: optionalText(cleanVrn),
    searchId: optionalText((value) => value.trim()),
    stock: optionalText((value) => value.trim(), STOCK_NUMBER_PATTERN),
  });
  const urlValue = fc.oneof(
    fc.string({ maxLength: 14 }),
    fc.constantFrom('2015', '1979', '1980', '9999', '10000', ' 12 ', '0', '-3', '1e3', '2.5', 'STK-012001', 'ab 12 cde', ''),
    fc.integer({ min: -5, max: 12000 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
  );
  const keys = ['year', 'make', 'model', 'partType', 'oem', 'vrn', 'searchId', 'stock', 'other'];

  it('reads every URL as the zod schema did', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), urlValue), (search) => {
        expect(categoriesSearchSchema.parse(search)).toStrictEqual(reference.parse(search));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('SPEC §5 search form checks', () => {
  it('make/model: make, model (above 0) and part type are required', () => {
    expect(makeModelSearchProblems({ make: 'FORD', model: 12, partType: { ID: 3 } })).toEqual([]);
    expect(makeModelSearchProblems({}).map((p) => p.key)).toEqual([
      'filters.required_make',
      'filters.required_model',
      'filters.required_part_type',
    ]);
    expect(makeModelSearchProblems({ make: 'FORD', model: 0, partType: 3 }).map((p) => p.field)).toEqual(['model']);
    expect(makeModelSearchProblems({ make: 'FORD', model: '0', partType: 3 }).map((p) => p.field)).toEqual(['model']);
  });

  it("part number: empty is info filters.vrn_oem, 2 characters the warning required_oem ('Min 3 chars')", () => {
    expect(partNumberSearchProblem('')).toEqual({ field: 'oem', key: 'filters.vrn_oem', level: 'info' });
    expect(partNumberSearchProblem(' ab ')).toEqual({ field: 'oem', key: 'filters.required_oem', level: 'warning' });
    expect(partNumberSearchProblem('abc')).toBeNull();
  });

  it('registration: vrn first, then part type, then the model when models were offered', () => {
    expect(registrationSearchProblem({ vrn: ' ' })?.key).toBe('filters.vrn_put_vrn');
    expect(registrationSearchProblem({ vrn: 'AB12CDE' })?.key).toBe('filters.vrn_select_part_type');
    expect(registrationSearchProblem({ vrn: 'AB12CDE', partType: 4, modelsOffered: true })?.key).toBe(
      'filters.vrn_select_model',
    );
    expect(registrationSearchProblem({ vrn: 'AB12CDE', partType: 4, modelsOffered: true, model: 'FOCUS' })).toBeNull();
    expect(registrationSearchProblem({ vrn: 'AB12CDE', partType: { ID: 4 } })).toBeNull();
  });
});

describe('SPEC §2 breadcrumbs per mode', () => {
  const labels = (crumbs: { label: string }[]) => crumbs.map((crumb) => crumb.label);

  it('oem: the part-number-search label plus the part number, with the count', () => {
    expect(labels(breadcrumbs('oem', { oem: '1K0615301', count: 3 }))).toEqual([
      'Part number search',
      '1K0615301 (3 results)',
    ]);
  });

  it('vrn: label, year, make, model, style, transmission, gears SPEED, engine code, part type', () => {
    expect(
      labels(
        breadcrumbs('vrn', {
          car: {
            Year: 2015,
            Make: 'FORD',
            Model: 'FOCUS',
            Style: 'HATCHBACK',
            Transmssion: 'MANUAL',
            Gears: 6,
            EngineCode: 'M8DA',
          },
          partType: 'Alternator',
          count: 1,
        }),
      ),
    ).toEqual(['Registration search', '2015', 'FORD', 'FOCUS', 'HATCHBACK', 'MANUAL', '6 SPEED', 'M8DA', 'Alternator (1 result)']);
  });

  it('vrn: leaves out what the car does not say', () => {
    expect(labels(breadcrumbs('vrn', { car: { Make: 'FORD', Gears: '' }, model: 'FOCUS' }))).toEqual([
      'Registration search',
      'FORD',
      'FOCUS',
    ]);
  });

  it('make-model: a year label, then make, model and part type', () => {
    expect(
      labels(breadcrumbs('make-model', { year: 2015, make: 'FORD', model: 'FOCUS', partType: 'Alternator', count: 0 })),
    ).toEqual(['Year 2015', 'FORD', 'FOCUS', 'Alternator (0 results)']);
    expect(labels(breadcrumbs('make-model', { make: 'FORD' }))).toEqual(['All years', 'FORD']);
  });

  it('make-model with a stock number: the donor vehicle’s stock number last, with the count', () => {
    expect(
      labels(breadcrumbs('make-model', { year: 2012, make: 'FORD', model: 'Focus', stock: 'STK-012001', count: 1 })),
    ).toEqual(['Year 2012', 'FORD', 'Focus', 'Stock no. STK-012001 (1 result)']);
    expect(labels(breadcrumbs('make-model', { stock: ' STK-1 ', partType: 'Alternator' }))).toEqual([
      'All years',
      'Alternator',
      'Stock no. STK-1',
    ]);
  });

  it("the last crumb says 'more than 25' once more than 24 items return", () => {
    const crumbs = (count: number) => labels(breadcrumbs('oem', { oem: 'ABC', count })).at(-1);
    expect(crumbs(24)).toBe('ABC (24 results)');
    expect(crumbs(25)).toBe('ABC (more than 25 results)');
    expect(isMoreThanLimit(24)).toBe(false);
    expect(isMoreThanLimit(25)).toBe(true);
  });
});
