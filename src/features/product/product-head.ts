/**
 * The head of a product page (SPEC §2 'found and shared'): title, description, canonical URL,
 * Open Graph tags and a schema.org Product in JSON-LD with the gross price, so a crawler or a link
 * preview needs no JavaScript. Made by the product route's loader from the page's data (the same
 * answer the page shows) and drawn by its head(), on the server and again while hydrating.
 */
import type { Currency } from '../../domain/money';
import { formatMoney, grossFromNet } from '../../domain/money';
import {
  grossPriceText,
  partAvailability,
  partPageDescription,
  partPageTitle,
  plainText,
  productJsonLd,
  shorten,
  vehiclePageDescription,
  vehiclePageTitle,
} from '../../domain/product-seo';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import { THUMB_SIZES } from '../../domain/thumbs';
import { jsonLdTag, pageHead, type Head, type MetaTag } from '../../shared/head';
import type { PartPageData } from './api/get-part-page';
import type { VehiclePageData } from './api/get-vehicle-page';

interface ProductHeadInput {
  /** The page's canonical path, e.g. '/product/ford/focus/alternator/P0012001'. */
  canonicalPath: string;
  title: string;
  description: string;
  image: { url: string; alt: string } | undefined;
  /** Gross price in pounds with two decimals ('79.99'). */
  price: string;
  currency: Currency;
  jsonLd: Record<string, unknown>;
}

function productHead(input: ProductHeadInput, publicUrl: string): Head {
  const canonical = publicUrl + input.canonicalPath;
  const og = (property: string, content: string): MetaTag => ({ property, content });
  return pageHead({
    title: input.title,
    description: input.description,
    canonicalPath: input.canonicalPath,
    publicUrl,
    meta: [
      og('og:type', 'product'),
      og('og:site_name', t('seo.site_name')),
      og('og:locale', 'en_GB'),
      og('og:title', input.title),
      og('og:description', input.description),
      og('og:url', canonical),
      ...(input.image
        ? [
            og('og:image', input.image.url),
            og('og:image:type', 'image/webp'),
            og('og:image:width', String(THUMB_SIZES.gallery.width)),
            og('og:image:height', String(THUMB_SIZES.gallery.height)),
            og('og:image:alt', input.image.alt),
          ]
        : []),
      og('product:price:amount', input.price),
      og('product:price:currency', input.currency),
      { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
      jsonLdTag(input.jsonLd),
    ],
  });
}

export function partPageHead({ product, rating }: PartPageData, { publicUrl, currency }: { publicUrl: string; currency: Currency }): Head {
  const canonicalPath = product.slug;
  const title = partPageTitle(product);
  const description = partPageDescription(product, formatMoney(grossFromNet(product.Price), { currency }));
  const images = product.Images.map((image) => ({ url: publicUrl + image.url, alt: image.alt }));
  return productHead(
    {
      canonicalPath,
      title,
      description,
      image: images[0],
      price: grossPriceText(product.Price),
      currency,
      jsonLd: productJsonLd({
        name: product.name,
        description: shorten(plainText(product.Description), 5000),
        sku: product.sku,
        mpn: product.OEM,
        brand: product.ManuName,
        images: images.map((image) => image.url),
        url: publicUrl + canonicalPath,
        netPrice: product.Price,
        currency,
        availability: partAvailability(product.status),
        rating,
      }),
    },
    publicUrl,
  );
}

export function vehiclePageHead({ product }: VehiclePageData, { publicUrl, currency }: { publicUrl: string; currency: Currency }): Head {
  // A variant's slug shows its parent's page: the parent's URL is the canonical one.
  const canonicalPath = `/product/${encodeURIComponent(product.slug)}`;
  const title = vehiclePageTitle(product);
  const description = vehiclePageDescription(
    { name: product.name, summary: product.summary, description: product.product_detail.description },
    formatMoney(grossFromNet(product.price), { currency }),
  );
  const gallery = product.product_images.filter((image) => !image.is_banner).map((image) => ({ url: publicUrl + image.image, alt: image.alt }));
  return productHead(
    {
      canonicalPath,
      title,
      description,
      image: gallery[0],
      price: grossPriceText(product.price),
      currency,
      jsonLd: productJsonLd({
        name: product.name,
        description: shorten(plainText(product.summary || product.product_detail.description), 5000),
        sku: product.sku,
        brand: product.make,
        images: gallery.map((image) => image.url),
        url: publicUrl + canonicalPath,
        netPrice: product.price,
        currency,
        availability: product.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      }),
    },
    publicUrl,
  );
}
