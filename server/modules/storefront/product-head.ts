/**
 * The head of a product page (SPEC §2 'found and shared'): for every product URL the HTML the
 * server sends already names the product — title, meta description, canonical URL, Open Graph
 * tags and a schema.org Product in JSON-LD with the gross price — so a crawler or a link preview
 * needs no JavaScript. It also embeds the page's data (src/contract/page-data.ts) so the first
 * paint needs no call:
 *
 *   <script id="page-data" type="application/json">{"partPage": <GET /web-api/products/part/{Tag}.json>}</script>
 *   <script id="page-data" type="application/json">{"vehiclePage": <GET /web-api/products/vehicle/{slug}.json>}</script>
 *
 * A product URL whose product does not exist answers 404 with `<meta name="robots" content="noindex">`
 * (the app then shows its not-found screen). Every text is escaped for where it goes: attributes
 * as attributes, JSON inside <script> with <, > and & as \u escapes, so '</script>' in a
 * description cannot end the element. The JSON-LD and page data are data blocks, not scripts:
 * the CSP's script-src does not apply to them.
 */
import { randomBytes } from 'node:crypto';
import { getPartPage, getVehiclePage } from '../../../src/contract/catalogue';
import type { CallResponse } from '../../../src/contract/define';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../src/contract/page-data';
import { type Currency, formatMoney, grossFromNet } from '../../../src/domain/money';
import {
  grossPriceText,
  notFoundTitle,
  partAvailability,
  partPageDescription,
  partPageTitle,
  plainText,
  productJsonLd,
  shorten,
  vehiclePageDescription,
  vehiclePageTitle,
} from '../../../src/domain/product-seo';
import { t } from '../../../src/domain/messages';
import { THUMB_SIZES } from '../../../src/domain/thumbs';
import { HttpError } from '../../http/http-error';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createVehicleLookup } from '../../integrations/vehicle-lookup';
import { createListingRepository } from '../catalogue/listing-repository';
import { createPageRepository } from '../catalogue/page-repository';
import { createPageService, type PageService } from '../catalogue/page-service';
import { createCatalogueReference } from '../catalogue/reference';
import { createCatalogueRepository } from '../catalogue/repository';
import { createSearchIds } from '../catalogue/search-id';
import { createCatalogueService } from '../catalogue/service';

/** What a product URL adds to the page, and with which status it goes out. */
export interface ProductHead {
  statusCode: 200 | 404;
  title: string;
  /** Null keeps the shell's description (a page not found has none of its own). */
  description: string | null;
  /** Tags for the head: canonical, Open Graph, JSON-LD, or noindex. */
  tags: string;
  /**
   * The page's data for the browser (page-data element), when it was found. Left out of pages
   * the server drew itself: their query state already carries the same answer.
   */
  pageData?: string;
}

const TAG_PATTERN = /^[A-Za-z0-9-]{1,40}$/;
const SLUG_PATTERN = /^[a-z0-9-]{1,120}$/;

/** JSON that cannot end the <script> element or start a comment inside it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

type ProductPath = { kind: 'part'; tag: string } | { kind: 'slug'; slug: string } | { kind: 'none' };

/**
 * The product a storefront path names: '/product/{make}/{model}/{part}/{Tag}' a part by its Tag,
 * '/product/{slug}' a vehicle product's slug (or a part's Tag). Undefined when the path is not a
 * product page at all; 'none' when it is one that cannot name a product.
 */
export function productPathOf(pathname: string): ProductPath | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'product') return undefined;
  let names: string[];
  try {
    names = segments.slice(1).map(decodeURIComponent);
  } catch {
    return { kind: 'none' };
  }
  const last = names.at(-1) ?? '';
  if (names.length === 4 && TAG_PATTERN.test(last)) return { kind: 'part', tag: last };
  if (names.length === 1 && (SLUG_PATTERN.test(last) || TAG_PATTERN.test(last))) return { kind: 'slug', slug: last };
  return { kind: 'none' };
}

export interface ProductHeadOptions {
  pages: PageService;
  /** The shop's public address without a trailing slash: canonical and image URLs. */
  publicUrl: string;
  currency: Currency;
}

export function createProductHeads({ pages, publicUrl, currency }: ProductHeadOptions) {
  const absolute = (path: string) => publicUrl + path;

  /** The answer of a page call, or undefined for its 404. */
  async function found<T>(load: () => Promise<T>): Promise<T | undefined> {
    try {
      return await load();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  function headTags(input: {
    canonical: string;
    title: string;
    description: string;
    image: { url: string; alt: string; width: number; height: number } | undefined;
    price: string;
    jsonLd: Record<string, unknown>;
  }): string {
    return [
      `<link rel="canonical" href="${escapeHtml(input.canonical)}">`,
      meta('property', 'og:type', 'product'),
      meta('property', 'og:site_name', t('seo.site_name')),
      meta('property', 'og:locale', 'en_GB'),
      meta('property', 'og:title', input.title),
      meta('property', 'og:description', input.description),
      meta('property', 'og:url', input.canonical),
      ...(input.image
        ? [
            meta('property', 'og:image', input.image.url),
            meta('property', 'og:image:type', 'image/webp'),
            meta('property', 'og:image:width', String(input.image.width)),
            meta('property', 'og:image:height', String(input.image.height)),
            meta('property', 'og:image:alt', input.image.alt),
          ]
        : []),
      meta('property', 'product:price:amount', input.price),
      meta('property', 'product:price:currency', currency),
      meta('name', 'twitter:card', input.image ? 'summary_large_image' : 'summary'),
      `<script type="application/ld+json">${jsonForScript(input.jsonLd)}</script>`,
    ].join('');
  }

  const pageDataTag = (pageData: PageData) => `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(pageData)}</script>`;

  async function partHead(tag: string, origin: string): Promise<ProductHead | undefined> {
    const data = await found(() => pages.partPage(tag, origin));
    if (!data) return undefined;
    // Exactly what GET /web-api/products/part/{Tag}.json answers: the same schema shapes it.
    const partPage: CallResponse<typeof getPartPage> = getPartPage.response.parse({ success: true, ...data });
    const { product } = partPage;
    const canonical = absolute(product.slug);
    const title = partPageTitle(product);
    const description = partPageDescription(product, formatMoney(grossFromNet(product.Price), { currency }));
    const images = product.Images.map((image) => ({ url: absolute(image.url), alt: image.alt }));
    const first = images[0];
    return {
      statusCode: 200,
      title,
      description,
      tags: headTags({
        canonical,
        title,
        description,
        image: first && { ...first, ...THUMB_SIZES.gallery },
        price: grossPriceText(product.Price),
        jsonLd: productJsonLd({
          name: product.name,
          description: shorten(plainText(product.Description), 5000),
          sku: product.sku,
          mpn: product.OEM,
          brand: product.ManuName,
          images: images.map((image) => image.url),
          url: canonical,
          netPrice: product.Price,
          currency,
          availability: partAvailability(product.status),
        }),
      }),
      pageData: pageDataTag({ partPage }),
    };
  }

  async function vehicleHead(slug: string): Promise<ProductHead | undefined> {
    const data = await found(() => pages.vehiclePage(slug));
    if (!data) return undefined;
    const vehiclePage: CallResponse<typeof getVehiclePage> = getVehiclePage.response.parse({ success: true, ...data });
    const { product } = vehiclePage;
    // A variant's slug shows its parent's page: the parent's URL is the canonical one.
    const canonical = absolute(`/product/${encodeURIComponent(product.slug)}`);
    const title = vehiclePageTitle(product);
    const description = vehiclePageDescription(
      { name: product.name, summary: product.summary, description: product.product_detail.description },
      formatMoney(grossFromNet(product.price), { currency }),
    );
    const gallery = product.product_images.filter((image) => !image.is_banner).map((image) => ({ url: absolute(image.image), alt: image.alt }));
    const first = gallery[0];
    return {
      statusCode: 200,
      title,
      description,
      tags: headTags({
        canonical,
        title,
        description,
        image: first && { ...first, ...THUMB_SIZES.gallery },
        price: grossPriceText(product.price),
        jsonLd: productJsonLd({
          name: product.name,
          description: shorten(plainText(product.summary || product.product_detail.description), 5000),
          sku: product.sku,
          brand: product.make,
          images: gallery.map((image) => image.url),
          url: canonical,
          netPrice: product.price,
          currency,
          availability: product.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        }),
      }),
      pageData: pageDataTag({ vehiclePage }),
    };
  }

  const notFound: ProductHead = { statusCode: 404, title: notFoundTitle(), description: null, tags: meta('name', 'robots', 'noindex') };

  return {
    /**
     * The head of the page at `pathname`, or null when it is not a product page.
     * @param origin the shop's address as the visitor reached it (the part page's shareUrl).
     */
    async forPath(pathname: string, origin: string): Promise<ProductHead | null> {
      const named = productPathOf(pathname);
      if (!named) return null;
      if (named.kind === 'part') return (await partHead(named.tag, origin)) ?? notFound;
      if (named.kind === 'slug') {
        const vehicle = SLUG_PATTERN.test(named.slug) ? await vehicleHead(named.slug) : undefined;
        return vehicle ?? (TAG_PATTERN.test(named.slug) ? await partHead(named.slug, origin) : undefined) ?? notFound;
      }
      return notFound;
    },
  };
}

export type ProductHeads = ReturnType<typeof createProductHeads>;

/**
 * The page with the product's title and description in place of the shell's (or added, should
 * the shell have none), and its tags before </head>; the page as it is when not a product's.
 */
export function withProductHead(html: string, head: ProductHead | null, { pageData = true }: { pageData?: boolean } = {}): string {
  if (!head) return html;
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const description = head.description === null ? '' : meta('name', 'description', head.description);
  const added: string[] = [];
  let page = html;
  const shellTitle = /<title>[^<]*<\/title>/;
  if (shellTitle.test(page)) page = page.replace(shellTitle, () => title);
  else added.push(title);
  if (description) {
    const shellDescription = /<meta name="description" content="[^"]*"\s*\/?>/;
    if (shellDescription.test(page)) page = page.replace(shellDescription, () => description);
    else added.push(description);
  }
  added.push(head.tags);
  if (pageData && head.pageData) added.push(head.pageData);
  const headEnd = page.indexOf('</head>');
  return headEnd < 0 ? page : page.slice(0, headEnd) + added.join('') + page.slice(headEnd);
}

/** The product heads of the shop's catalogue (a page service of its own over the same database). */
export function productHeadsFor({ db, config }: { db: Database; config: Pick<Config, 'publicUrl' | 'defaultCurrency' | 'vehicleLookup'> }): ProductHeads {
  const catalogue = createCatalogueRepository(db);
  const listings = createListingRepository(db);
  const search = createCatalogueService({
    repository: catalogue,
    reference: createCatalogueReference(catalogue),
    vehicleLookup: createVehicleLookup(config.vehicleLookup, db),
    // A product head reads parts, never makes a SearchID: any key serves.
    searchIds: createSearchIds(randomBytes(32).toString('hex')),
  });
  return createProductHeads({
    pages: createPageService({ pages: createPageRepository(db), listings, search }),
    publicUrl: config.publicUrl,
    currency: config.defaultCurrency,
  });
}
