import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { grossFromNet } from './money';
import {
  basketBarShown,
  descriptionHeadingLevel,
  pickVariant,
  priceWithWarranty,
  shareLinks,
  tabScrollTop,
  variantView,
  viewItemEvent,
} from './product-page';

describe('SPEC §2 heading levels of the descriptions block', () => {
  it('first h1, 2nd and 6th h2, 3rd to 5th h3', () => {
    expect([0, 1, 2, 3, 4, 5].map(descriptionHeadingLevel)).toEqual([1, 2, 3, 3, 3, 2]);
  });

  it('continues at h3 after the sixth', () => {
    expect(descriptionHeadingLevel(6)).toBe(3);
    expect(descriptionHeadingLevel(20)).toBe(3);
  });
});

describe('SPEC §4, §9 basket bar', () => {
  it('shows from 350 px down on a wide window', () => {
    expect(basketBarShown({ stockQuantity: 1, scrollY: 349, windowWidth: 1280 })).toBe(false);
    expect(basketBarShown({ stockQuantity: 1, scrollY: 350, windowWidth: 1280 })).toBe(true);
    expect(basketBarShown({ stockQuantity: 1, scrollY: 350, windowWidth: 767 })).toBe(true);
  });

  it('shows from 1200 px down on a window under 767 px', () => {
    expect(basketBarShown({ stockQuantity: 1, scrollY: 1199, windowWidth: 766 })).toBe(false);
    expect(basketBarShown({ stockQuantity: 1, scrollY: 1200, windowWidth: 390 })).toBe(true);
  });

  it('never shows without stock', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 0 }), fc.nat(10_000), fc.integer({ min: 200, max: 3000 }), (stock, scrollY, width) => {
        expect(basketBarShown({ stockQuantity: stock, scrollY, windowWidth: width })).toBe(false);
      }),
    );
  });
});

describe('SPEC §9 tab scroll', () => {
  it('stops 5 px under the header', () => {
    expect(tabScrollTop(1000, 64)).toBe(931);
  });

  it('never scrolls above the page', () => {
    expect(tabScrollTop(20, 64)).toBe(0);
  });
});

describe('SPEC §2 price with the chosen warranty', () => {
  it('adds the warranty to the part, gross rounded per line', () => {
    expect(priceWithWarranty(6666, 833)).toEqual({ net: 7499, gross: 7999 + 1000 });
    expect(priceWithWarranty(6666, null)).toEqual({ net: 6666, gross: 7999 });
  });

  it('property: a free warranty leaves the price as it is; a dearer one never lowers it', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(100_000), (part, warranty) => {
        expect(priceWithWarranty(part, 0)).toEqual({ net: part, gross: grossFromNet(part) });
        expect(priceWithWarranty(part, warranty).gross).toBeGreaterThanOrEqual(grossFromNet(part));
      }),
    );
  });
});

describe('SPEC §4 vehicle variants', () => {
  const parent = { name: 'Audi A4', sku: 'VEH-1', price: 100, price_old: 120, stock_quantity: 4, product_images: ['p1', 'p2'] };

  it('fills empty fields from the parent and puts the variant images first', () => {
    const variant = { name: null, sku: 'VEH-1-RED', price: 90, price_old: null, stock_quantity: 0, product_images: ['v1'] };
    expect(variantView(parent, variant)).toEqual({ name: 'Audi A4', sku: 'VEH-1-RED', price: 90, price_old: 120, stock_quantity: 0, product_images: ['v1', 'p1', 'p2'] });
  });

  it("counts '' as empty", () => {
    expect(variantView(parent, { ...parent, name: '', product_images: [] }).name).toBe('Audi A4');
  });

  const variants = [
    { slug: 'red-manual', selector_values: { colour: 'Red', transmission: 'Manual' } },
    { slug: 'red-automatic', selector_values: { colour: 'Red', transmission: 'Automatic' } },
    { slug: 'grey-manual', selector_values: { colour: 'Grey', transmission: 'Manual' } },
  ];

  it('picks the exact combination', () => {
    expect(pickVariant(variants, { colour: 'Red', transmission: 'Automatic' }, 'transmission')?.slug).toBe('red-automatic');
  });

  it('keeps the value just chosen when the combination does not exist', () => {
    expect(pickVariant(variants, { colour: 'Grey', transmission: 'Automatic' }, 'colour')?.slug).toBe('grey-manual');
    expect(pickVariant(variants, { colour: 'Blue' }, 'colour')).toBeUndefined();
  });
});

describe('SPEC §2 share targets', () => {
  it('encodes the link and the title for each target', () => {
    const links = shareLinks('https://shop.example/product/a b', 'Product & more');
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshop.example%2Fproduct%2Fa%20b');
    expect(links.reddit).toContain('title=Product%20%26%20more');
    expect(links.x).toMatch(/^https:\/\/x\.com\/intent\/post\?url=/);
    expect(links.whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(links.email).toMatch(/^mailto:\?subject=Product%20%26%20more&body=/);
  });
});

describe('SPEC §7 view_item in GA4 shape', () => {
  it('carries the gross price in pounds, quantity 1 and the category levels', () => {
    expect(viewItemEvent({ id: 'P1', name: 'Ford Focus Alternator', netPrice: 6666, brand: 'Ford', categories: ['Electrics', 'Charging', 'Alternator'] })).toEqual({
      event: 'view_item',
      ecommerce: {
        currency: 'GBP',
        value: 79.99,
        items: [{ item_id: 'P1', item_name: 'Ford Focus Alternator', item_brand: 'Ford', item_category: 'Electrics', item_category2: 'Charging', item_category3: 'Alternator', price: 79.99, quantity: 1 }],
      },
    });
  });

  it('keeps at most five category levels', () => {
    const event = viewItemEvent({ id: 'V', name: 'Car', netPrice: 100, categories: ['1', '2', '3', '4', '5', '6'] });
    expect(event.ecommerce.items[0]).not.toHaveProperty('item_category6');
    expect(event.ecommerce.items[0]?.item_category5).toBe('5');
  });
});
