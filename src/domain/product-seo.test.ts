import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grossFromNet } from './money';
import {
  grossPriceText,
  META_DESCRIPTION_MAX,
  notFoundTitle,
  partAvailability,
  partPageDescription,
  partPageTitle,
  plainText,
  productJsonLd,
  shorten,
  vehiclePageTitle,
} from './product-seo';

const part = { name: 'Ford Focus Alternator', OEM: 'AV6N-10300-GC', Grade: 'A', Description: 'Tested <b>alternator</b>,\n 150A.', Price: 6666 };

describe('SPEC §2 product pages found and shared', () => {
  it('writes the gross price in pounds with two decimals, from grossFromNet', () => {
    expect(grossPriceText(6666)).toBe('79.99');
    expect(grossPriceText(0)).toBe('0.00');
    expect(grossPriceText(5)).toBe('0.06');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (net) => {
        const text = grossPriceText(net);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(grossFromNet(net));
      }),
    );
  });

  it('maps a part status to schema.org availability', () => {
    expect(partAvailability('available')).toBe('https://schema.org/InStock');
    expect(partAvailability('sold')).toBe('https://schema.org/SoldOut');
    expect(partAvailability('reserved')).toBe('https://schema.org/OutOfStock');
    expect(partAvailability('coming_soon')).toBe('https://schema.org/OutOfStock');
  });

  it('titles and describes a part with its name, part number, grade and price', () => {
    expect(partPageTitle(part)).toBe('Ford Focus Alternator AV6N-10300-GC, used, grade A | PartsFinder UK');
    expect(partPageDescription(part, '£79.99')).toBe(
      'Used Ford Focus Alternator, part number AV6N-10300-GC, grade A, £79.99 inc. VAT. Tested alternator, 150A.',
    );
    expect(vehiclePageTitle({ name: '2015 Ford Focus' })).toBe('2015 Ford Focus for sale | PartsFinder UK');
    expect(notFoundTitle()).toBe('Page not found | PartsFinder UK');
  });

  it('keeps a description within what search results show, cut at a word', () => {
    const long = partPageDescription({ ...part, Description: 'A very long description of the part. '.repeat(20) }, '£79.99');
    expect([...long].length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(long.endsWith('…')).toBe(true);
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect([...shorten(text)].length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
      }),
    );
    expect(plainText(' a <i>b</i>\n\tc ')).toBe('a b c');
  });

  it('describes a used product with one offer at the gross price', () => {
    const jsonLd = productJsonLd({
      name: part.name,
      description: 'Tested alternator.',
      sku: 'P0012001',
      mpn: part.OEM,
      brand: 'Ford',
      images: ['https://shop.example/thumbs/1?size=gallery&v=abc'],
      url: 'https://shop.example/product/ford/focus/alternator/P0012001',
      netPrice: part.Price,
      currency: 'GBP',
      availability: 'https://schema.org/InStock',
    });

    expect(jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ford Focus Alternator',
      description: 'Tested alternator.',
      sku: 'P0012001',
      mpn: 'AV6N-10300-GC',
      brand: { '@type': 'Brand', name: 'Ford' },
      image: ['https://shop.example/thumbs/1?size=gallery&v=abc'],
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example/product/ford/focus/alternator/P0012001',
        price: '79.99',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'Organization', name: 'PartsFinder UK' },
      },
    });
  });

  it('rates the product from the reviews the page shows, and not at all without any', () => {
    const base = {
      name: part.name,
      description: 'Tested alternator.',
      sku: 'P0012001',
      brand: 'Ford',
      images: [],
      url: 'https://shop.example/product/ford/focus/alternator/P0012001',
      netPrice: part.Price,
      currency: 'GBP',
      availability: 'https://schema.org/InStock',
    } as const;
    expect(productJsonLd({ ...base, rating: { count: 3, average: 4.3 } }).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(productJsonLd({ ...base, rating: null })).not.toHaveProperty('aggregateRating');
    expect(productJsonLd(base)).not.toHaveProperty('aggregateRating');
  });
});
