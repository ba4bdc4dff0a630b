import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartAddPath, productPath, slugify } from './urls';

describe('SPEC §2 product URL slugs', () => {
  it('lower-cases, strips accents and joins words with single hyphens', () => {
    expect(slugify('Citroën')).toBe('citroen');
    expect(slugify('Mercedes-Benz  C-Class (W204)')).toBe('mercedes-benz-c-class-w204');
    expect(slugify('  --Front Bumper__Cover-- ')).toBe('front-bumper-cover');
    expect(slugify('Škoda Octavia')).toBe('skoda-octavia');
    expect(slugify('Straße Łódź Ærø')).toBe('strasse-lodz-aero');
    expect(slugify('???')).toBe('');
  });

  it('property: idempotent, and only a–z, 0–9 and single inner hyphens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const slug = slugify(text);
        expect(slugify(slug)).toBe(slug);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it('property: an ASCII name slugs as the Unicode steps would slug it (they are skipped for ASCII)', () => {
    const unicodeSlug = (text: string) =>
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (text) => {
        expect(slugify(text)).toBe(unicodeSlug(text));
      }),
    );
  });
});

describe('SPEC §2 product path: /product/{make}/{model}/{part-name}/{Tag}', () => {
  it('builds the path from slugs and the Tag', () => {
    expect(productPath({ make: 'Land Rover', model: 'Range Rover Sport', partName: 'Front Bumper', tag: 'AB123' })).toBe(
      '/product/land-rover/range-rover-sport/front-bumper/AB123',
    );
  });

  it('replaces a missing make, model or part name with Make, Model or PartName', () => {
    expect(productPath({ tag: 'T1' })).toBe('/product/Make/Model/PartName/T1');
    expect(productPath({ make: null, model: '', partName: '***', tag: 'T1' })).toBe('/product/Make/Model/PartName/T1');
    expect(productPath({ make: 'Ford', tag: 'T1' })).toBe('/product/ford/Model/PartName/T1');
  });

  it('keeps the Tag as it is, only URL-encoded', () => {
    expect(productPath({ make: 'Ford', model: 'Focus', partName: 'Door', tag: 'Ab 12/3' })).toBe(
      '/product/ford/focus/door/Ab%2012%2F3',
    );
  });
});

describe('cartAddPath', () => {
  it('writes the named route cart-add :product/:warranty?/:quick?', () => {
    expect(cartAddPath({ product: 'P1144423' })).toBe('/cart/add/P1144423');
    expect(cartAddPath({ product: 'P1144423', warranty: 3 })).toBe('/cart/add/P1144423/3');
    expect(cartAddPath({ product: 'P1144423', warranty: 3, quick: true })).toBe('/cart/add/P1144423/3/true');
    expect(cartAddPath({ product: 'P1144423', quick: true })).toBe('/cart/add/P1144423/0/true');
    expect(cartAddPath({ product: 'A/B 1' })).toBe('/cart/add/A%2FB%201');
  });
});
