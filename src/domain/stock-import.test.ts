import { describe, expect, it } from 'vitest';
import type { StockReference } from './stock-entry';
import { checkImport, IMPORT_COLUMNS, IMPORT_TEMPLATE, parseCsv } from './stock-import';

const reference: StockReference = {
  partTypes: [{ id: 49, name: 'Alternator', externalName: '[Alternator]' }],
  makes: [{ id: 3, name: 'Volkswagen' }],
  models: [
    { id: 10, makeId: 3, name: 'Golf', generation: 'Mk7', yearFrom: 2012, yearTo: 2020 },
    { id: 12, makeId: 3, name: 'Octavia', generation: null, yearFrom: 2010, yearTo: 2023 },
  ],
  grades: ['A', 'B', 'C'],
  warranties: [
    { id: 1, name: '3 Months' },
    { id: 2, name: '12 Months' },
    { id: 3, name: '24 Months' },
  ],
  thisYear: 2026,
};

describe('the parts CSV import', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, and knows each record’s line', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
    ]);
  });

  it('passes the template’s own example row', () => {
    const checked = checkImport(IMPORT_TEMPLATE, reference, () => false);
    expect(checked.problems).toEqual([]);
    expect(checked.rows).toHaveLength(1);
    expect(checked.rows[0]?.part.fitments).toHaveLength(2);
  });

  it('reports each bad row by its line and field, a Tag twice in the file and one already in the shop', () => {
    const lines = [
      IMPORT_COLUMNS.join(','),
      'P1,S1,Alternator,Volkswagen,Golf Mk7,2016,,111222,A,10,,Fine.,,,',
      'P2,S1,Alternator,Volkswagen,Golf Mk7,2016,,111222,A,ten,,Fine.,,,',
      'P1,S1,Alternator,Volkswagen,Golf Mk7,2016,,111222,A,10,,Fine.,,,',
      'P3,S1,Alternator,Volkswagen,Golf Mk7,2016,,111222,A,10,,Fine.,,,',
      'P4,S1,Alternator,Volkswagen,Polo,2016,,111222,Q,10,,Fine.,,,',
    ];
    const checked = checkImport(lines.join('\n'), reference, (tag) => tag === 'P3');
    expect(checked.total).toBe(5);
    expect(checked.rows.map((row) => row.line)).toEqual([2]);
    expect(checked.problems).toEqual([
      { line: 3, field: 'price', message: "An amount in pounds, e.g. '49.99'." },
      { line: 4, field: 'tag', message: 'P1 is on line 2 already.' },
      { line: 5, field: 'tag', message: 'P3 is in the shop already.' },
      { line: 6, field: 'model', message: 'Not a model of this make.' },
      { line: 6, field: 'grade', message: 'One of A, B, C.' },
    ]);
  });

  it('reads a package type and warranties of the part\'s own, the first warranty preselected, and names a bad one', () => {
    const lines = [
      IMPORT_COLUMNS.join(','),
      'P1,S1,Alternator,Volkswagen,Golf Mk7,2016,,111222,A,10,,Fine.,,,,EURO_PALLET,24 Months; 3 Months',
      'P2,S1,Alternator,Volkswagen,Golf Mk7,2016,,111222,A,10,,Fine.,,,,,',
      'P3,S1,Alternator,Volkswagen,Golf Mk7,2016,,111222,A,10,,Fine.,,,,CRATE,Lifetime',
    ];
    const checked = checkImport(lines.join('\n'), reference, () => false);
    expect(checked.rows.map((row) => [row.part.packageType, row.part.warranties])).toEqual([
      ['EURO_PALLET', [{ warrantyId: 3, isDefault: true }, { warrantyId: 1, isDefault: false }]],
      [null, []],
    ]);
    expect(checked.problems.map((problem) => [problem.line, problem.field])).toEqual([
      [4, 'package_type'],
      [4, 'warranties'],
    ]);
  });

  it('refuses a file without the columns it needs, and an empty one', () => {
    expect(checkImport('tag,price\nP1,10\n', reference, () => false).fileProblems[0]).toMatch(/^The header has no column stock_number, part_type/);
    expect(checkImport('', reference, () => false).fileProblems).toEqual(['The file is empty: start from the template.']);
    expect(checkImport(`${IMPORT_COLUMNS.join(',')}\n`, reference, () => false).fileProblems).toEqual(['The file has no rows under its header.']);
  });
});
