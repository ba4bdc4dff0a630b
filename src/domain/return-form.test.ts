import { describe, expect, it } from 'vitest';
import {
  choiceAnswers,
  cleanReturnAnswer,
  missingReturnFields,
  returnAnswers,
  returnFormDefinitionProblems,
  returnFormProblems,
  type ReturnFormField,
  returnsWindow,
  visibleReturnFields,
} from './return-form';

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A damaged-in-transit form: photos of the part always, packaging photos only when the packaging was damaged. */
const FORM: ReturnFormField[] = [
  { name: 'intro', type: 'div', label: '', required: false, content: 'Keep the packaging.' },
  { name: 'registration', type: 'text', label: 'Vehicle registration', required: true, option: 'registration' },
  { name: 'part_photos', type: 'images', label: 'Photos of the part', required: true, multiple: true },
  { name: 'packaging_damaged', type: 'radio', label: 'Was the packaging damaged?', required: true, options: yesNo },
  { name: 'packaging_photos', type: 'images', label: 'Photos of the packaging', required: true, multiple: true, visible_if: { name: 'packaging_damaged', value: 'yes' } },
  { name: 'how', type: 'select', label: 'How badly?', required: true, options: yesNo, visible_if: { name: 'packaging_damaged', value: 'yes' } },
  { name: 'note', type: 'textarea', label: 'Anything else', required: false },
];

const names = (fields: readonly ReturnFormField[]) => fields.map((field) => field.name);

describe('visibleReturnFields', () => {
  it('hides a field until the field it depends on has the value it names', () => {
    expect(names(visibleReturnFields(FORM, {}))).toEqual(['intro', 'registration', 'part_photos', 'packaging_damaged', 'note']);
    expect(names(visibleReturnFields(FORM, { packaging_damaged: 'no' }))).not.toContain('packaging_photos');
    expect(names(visibleReturnFields(FORM, { packaging_damaged: ' yes ' }))).toEqual(['intro', 'registration', 'part_photos', 'packaging_damaged', 'packaging_photos', 'how', 'note']);
  });

  it('hides a field whose condition depends on a hidden field, names an unknown field, or loops', () => {
    const chained: ReturnFormField[] = [
      { name: 'a', type: 'radio', label: 'A', required: true, options: yesNo },
      { name: 'b', type: 'radio', label: 'B', required: true, options: yesNo, visible_if: { name: 'a', value: 'yes' } },
      { name: 'c', type: 'text', label: 'C', required: true, visible_if: { name: 'b', value: 'yes' } },
      { name: 'd', type: 'text', label: 'D', required: true, visible_if: { name: 'nowhere', value: 'yes' } },
      { name: 'e', type: 'radio', label: 'E', required: true, options: yesNo, visible_if: { name: 'f', value: 'yes' } },
      { name: 'f', type: 'radio', label: 'F', required: true, options: yesNo, visible_if: { name: 'e', value: 'yes' } },
    ];
    // b keeps its old answer while a says no: c stays hidden with b.
    expect(names(visibleReturnFields(chained, { a: 'no', b: 'yes', e: 'yes', f: 'yes' }))).toEqual(['a']);
    expect(names(visibleReturnFields(chained, { a: 'yes', b: 'yes' }))).toEqual(['a', 'b', 'c']);
  });
});

describe('missingReturnFields and returnFormProblems', () => {
  it("names every visible required field left empty with 'required field', photos counted by files chosen", () => {
    expect(names(missingReturnFields(FORM, {}))).toEqual(['registration', 'part_photos', 'packaging_damaged']);
    expect(returnFormProblems(FORM, { registration: '   ', part_photos: [] })).toEqual({
      registration: ['required field'],
      part_photos: ['required field'],
      packaging_damaged: ['required field'],
    });
    expect(returnFormProblems(FORM, { registration: 'ab12 cde', part_photos: ['a.jpg'], packaging_damaged: 'yes' })).toEqual({
      packaging_photos: ['required field'],
      how: ['required field'],
    });
    expect(returnFormProblems(FORM, { registration: 'ab12 cde', part_photos: ['a.jpg'], packaging_damaged: 'no' })).toEqual({});
  });

  it('refuses a choice that is not an option and too long a text; a registration longer than 10 characters', () => {
    const problems = returnFormProblems(FORM, { registration: 'AB12 CDE FGH I', part_photos: [1], packaging_damaged: 'maybe', note: 'x'.repeat(2001) });
    expect(problems).toEqual({
      registration: ['At most 10 characters.'],
      packaging_damaged: ['Please choose one of the options.'],
      note: ['At most 2000 characters.'],
    });
  });

  it('does not check hidden fields', () => {
    expect(returnFormProblems(FORM, { registration: 'AB12CDE', part_photos: [1], packaging_damaged: 'no', how: 'nonsense' })).toEqual({});
  });
});

describe('returnAnswers and cleanReturnAnswer', () => {
  it('keeps the visible text and choice answers, cleaned, and nothing of hidden fields, divs or photos', () => {
    expect(returnAnswers(FORM, { intro: 'x', registration: ' ab12  cde ', part_photos: ['a.jpg'], packaging_damaged: 'no', how: 'yes', note: '  Box was fine  ' })).toEqual({
      registration: 'AB12CDE',
      packaging_damaged: 'no',
      note: 'Box was fine',
    });
  });

  it('cleans by option: a registration by the shop’s one rule, upper-case, or only trimmed', () => {
    expect(cleanReturnAnswer({ option: 'registration' }, ' ab12 cde ')).toBe('AB12CDE');
    expect(cleanReturnAnswer({ option: 'uppercase' }, ' 8v21-13k ')).toBe('8V21-13K');
    expect(cleanReturnAnswer({}, '  as it was  ')).toBe('as it was');
  });
});

describe('returnFormDefinitionProblems', () => {
  it('accepts a sound form', () => {
    expect(returnFormDefinitionProblems(FORM)).toEqual([]);
  });

  it('names duplicate and unusable names, choices without options, misplaced options and bad conditions', () => {
    const problems = returnFormDefinitionProblems([
      { name: 'Photos[]', type: 'images', label: 'x', required: true },
      { name: 'a', type: 'radio', label: 'A', required: true, options: [{ value: 'yes', label: 'Yes' }] },
      { name: 'a', type: 'textarea', label: 'A again', required: false, option: 'uppercase' },
      { name: 'b', type: 'text', label: 'B', required: true, visible_if: { name: 'later', value: 'yes' } },
      { name: 'c', type: 'text', label: 'C', required: true, visible_if: { name: 'a', value: 'maybe' } },
      { name: 'd', type: 'div', label: '', required: true },
    ]);
    expect(problems).toEqual([
      'Photos[]: a name is lower-case letters, digits and _',
      'a: a radio needs at least two options',
      'a: the name is used twice',
      'a: option applies to text fields only',
      'b: visible_if names later, which is not an earlier field',
      'c: visible_if value maybe is not an option of a',
      'd: a div takes no value, so it cannot be required',
    ]);
  });
});

describe('returnsWindow', () => {
  it('stays open to the end of the London day N days after payment, and names that day', () => {
    // Paid 23:30 UTC on 31 May = 00:30 BST on 1 June: the window counts from 1 June.
    const paid = new Date('2025-05-31T23:30:00Z');
    expect(returnsWindow(paid, 30, new Date('2025-07-01T22:59:59Z'))).toEqual({ lastDay: '2025-07-01', open: true, lastDayText: '1 July 2025' });
    expect(returnsWindow(paid, 30, new Date('2025-07-01T23:00:00Z')).open).toBe(false);
  });
});

describe('choiceAnswers (a deleted account’s return or claim)', () => {
  it('keeps the choices and drops the member’s own words, the photos’ ids and answers the form does not ask for', () => {
    const answers = { intro: 'x', registration: 'AB12CDE', part_photos: [4, 5], packaging_damaged: 'yes', how: 'no', note: 'Ring Jo on 07700 900123', extra: 'y' };
    expect(choiceAnswers(FORM, answers)).toEqual({ packaging_damaged: 'yes', how: 'no' });
    expect(choiceAnswers(FORM, {})).toEqual({});
  });
});
