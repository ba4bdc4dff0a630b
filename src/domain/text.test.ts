import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatNumber, htmlToText, shortSalary, trimHtml } from './text';

describe('SPEC §9 trimmed HTML: plain text, default limit 100 characters', () => {
  it('strips tags, keeps words apart and decodes the common entities', () => {
    expect(htmlToText('<p>Fits <strong>Ford</strong>&nbsp;Focus</p><p>2015&ndash;2018</p>')).toBe('Fits Ford Focus 2015–2018');
    expect(htmlToText('Price &pound;20 &amp; VAT &#8211; &#x2014; &quot;new&quot; &lt;b&gt;')).toBe(
      'Price £20 & VAT – — "new" <b>',
    );
    expect(htmlToText('a<br/>b<!-- note --><script>alert(1)</script><style>p{}</style>c')).toBe('a b c');
    expect(htmlToText('2 < 3 and 5 > 4')).toBe('2 < 3 and 5 > 4');
    expect(htmlToText('&unknown; &#0;')).toBe('&unknown; &#0;');
  });

  it('returns short text untouched', () => {
    expect(trimHtml('<p>Short text</p>')).toBe('Short text');
    expect(trimHtml('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it('cuts at a word boundary with an ellipsis, within the limit', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    expect(trimHtml(text, 20)).toBe('The quick brown fox…');
    expect(trimHtml(text, 19)).toBe('The quick brown…');
    expect(trimHtml('Alternator, starter, fuse box', 22)).toBe('Alternator, starter…');
  });

  it('cuts mid-word when a single word fills the allowance', () => {
    expect(trimHtml('Supercalifragilistic', 10)).toBe('Supercali…');
  });

  it('defaults to 100 characters', () => {
    const result = trimHtml(`<p>${'word '.repeat(40)}</p>`);
    expect(result.endsWith('…')).toBe(true);
    expect([...result].length).toBeLessThanOrEqual(100);
  });

  it('never splits an emoji', () => {
    expect(trimHtml('😀😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('property: never longer than the limit and no tags left', () => {
    const word = fc.stringMatching(/^[a-z&;]{1,8}$/);
    const tag = fc.constantFrom('<p>', '</p>', '<br/>', '<strong class="x">', '</strong>');
    fc.assert(
      fc.property(fc.array(fc.oneof(word, tag, fc.constant(' ')), { maxLength: 60 }), fc.integer({ min: 1, max: 120 }), (parts, limit) => {
        const result = trimHtml(parts.join(''), limit);
        expect([...result].length).toBeLessThanOrEqual(limit);
        expect(result).not.toMatch(/<\/?[a-z]/);
      }),
    );
  });
});

describe("SPEC §9 salary values shortened to 3 characters (three significant digits, 'k')", () => {
  it.each([
    [25000, '25k'],
    [25500, '25.5k'],
    [125000, '125k'],
    [1250000, '1.25m'],
    [950, '950'],
    [12.5, '12.5'],
    ['25000.00', '25k'],
    ['£32,000', '32k'],
  ] as const)('%j → %s', (value, expected) => {
    expect(shortSalary(value)).toBe(expected);
  });

  it('gives nothing for a missing salary', () => {
    expect(shortSalary(null)).toBe('');
    expect(shortSalary('')).toBe('');
    expect(shortSalary('competitive')).toBe('');
  });

  const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', compactDisplay: 'short', maximumSignificantDigits: 3 });
  // Salaries in whole pounds and in pence, of any size a job could pay and far beyond.
  const amounts = fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.integer({ min: -1e12, max: 1e12 }).map((pence) => pence / 100));

  it('writes what Intl writes in compact notation', () => {
    fc.assert(fc.property(amounts, (amount) => shortSalary(amount) === compact.format(amount).toLowerCase()));
  });

  it.each([999.4, 999.5, 999_500, 999_999, 1_234_500, 1_235_000, 1e9, 1.5e12, 1.5e15, 0.125, 0])('rounds %d as Intl does, taking the next suffix when it rounds up to one', (amount) => {
    expect(shortSalary(amount)).toBe(compact.format(amount).toLowerCase());
  });
});

describe('numbers as en-GB writes them', () => {
  it('writes what toLocaleString writes', () => {
    const numbers = fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.integer({ min: -1e12, max: 1e12 }).map((thousandths) => thousandths / 1000), fc.double({ min: -1e9, max: 1e9, noNaN: true }));
    fc.assert(fc.property(numbers, (value) => formatNumber(value) === value.toLocaleString('en-GB')));
  });

  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1,000'],
    [20_000, '20,000'],
    [1_234_567, '1,234,567'],
    [2.5, '2.5'],
    [1234.5678, '1,234.568'],
    [-1200.25, '-1,200.25'],
  ] as const)('%d → %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});
