/**
 * What a product page says about itself to search engines and link previews (SPEC §2 'found and
 * shared'): title, description and the schema.org Product. The server writes them into the HTML
 * of every product URL, so a crawler needs no JavaScript; the page may set the same title with
 * these same functions.
 */
import { grossFromNet } from './money';
import { t } from './messages';
import './messages-more';

/** The longest description search results show without cutting it. */
export const META_DESCRIPTION_MAX = 160;

export const SCHEMA_USED_CONDITION = 'https://schema.org/UsedCondition';

export type SchemaAvailability = 'https://schema.org/InStock' | 'https://schema.org/OutOfStock' | 'https://schema.org/SoldOut';

/** A part's status as schema.org availability: sold is SoldOut; reserved or coming soon cannot be bought now. */
export function partAvailability(status: 'available' | 'reserved' | 'sold' | 'coming_soon'): SchemaAvailability {
  if (status === 'available') return 'https://schema.org/InStock';
  return status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/OutOfStock';
}

/** SPEC §1: a net amount in pence as the gross price in pounds with two decimals ('79.99'). */
export function grossPriceText(netPence: number): string {
  const gross = grossFromNet(netPence);
  const sign = gross < 0 ? '-' : '';
  const pence = Math.abs(gross);
  return `${sign}${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** Whitespace collapsed and HTML tags dropped: descriptions may carry simple markup. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .trim();
}

/** Cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max = META_DESCRIPTION_MAX): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export interface PartSeoInput {
  name: string;
  OEM: string;
  Grade: string;
  Description: string;
  /** Net pence. */
  Price: number;
}

export function partPageTitle(part: Pick<PartSeoInput, 'name' | 'OEM' | 'Grade'>): string {
  return t('seo.part_title', { name: part.name, oem: part.OEM, grade: part.Grade, site: t('seo.site_name') });
}

/** `priceLabel` is the gross price as the shop shows it ('£79.99'). */
export function partPageDescription(part: PartSeoInput, priceLabel: string): string {
  return shorten(
    t('seo.part_description', { name: part.name, oem: part.OEM, grade: part.Grade, price: priceLabel, description: plainText(part.Description) }).trim(),
  );
}

export function vehiclePageTitle(vehicle: { name: string }): string {
  return t('seo.vehicle_title', { name: vehicle.name, site: t('seo.site_name') });
}

export function vehiclePageDescription(vehicle: { name: string; summary: string; description: string }, priceLabel: string): string {
  const about = plainText(vehicle.summary) || plainText(vehicle.description);
  return shorten(t('seo.vehicle_description', { name: vehicle.name, price: priceLabel, description: about }).trim());
}

export const notFoundTitle = (): string => t('seo.not_found_title', { site: t('seo.site_name') });

export interface ProductJsonLdInput {
  name: string;
  description: string;
  sku: string;
  /** The maker's part number; vehicles have none. */
  mpn?: string | undefined;
  brand: string;
  /** Absolute URLs. */
  images: readonly string[];
  url: string;
  /** Net pence. */
  netPrice: number;
  currency: string;
  availability: SchemaAvailability;
  /** The reviews the page shows (issue 32): their number and average rate; none, no AggregateRating. */
  rating?: { count: number; average: number } | null | undefined;
}

/** schema.org Product of a used item, with one offer at the gross price. */
export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    description: input.description,
    sku: input.sku,
    ...(input.mpn ? { mpn: input.mpn } : {}),
    ...(input.brand ? { brand: { '@type': 'Brand', name: input.brand } } : {}),
    image: [...input.images],
    itemCondition: SCHEMA_USED_CONDITION,
    ...(input.rating && input.rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: input.rating.average, reviewCount: input.rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
    offers: {
      '@type': 'Offer',
      url: input.url,
      price: grossPriceText(input.netPrice),
      priceCurrency: input.currency,
      availability: input.availability,
      itemCondition: SCHEMA_USED_CONDITION,
      seller: { '@type': 'Organization', name: t('seo.site_name') },
    },
  };
}
