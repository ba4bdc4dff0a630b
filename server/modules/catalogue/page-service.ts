/**
 * What the product pages show (SPEC §2, §3): the part page with its warranties, gradings, content
 * pages and breadcrumbs; the vehicle page with its variants and selectors; reviews; category
 * information; and a part's compatibility with a registration.
 */
import type * as z from 'zod/mini';
import type { getPartPage, getVehiclePage, PartProduct, vehicleProductSchema } from '../../../src/contract/catalogue';
import type { CallResponse } from '../../../src/contract/define';
import { pageCountFor, PAGE_SIZE } from '../../../src/domain/paginator';
import type { ThumbSize } from '../../../src/domain/thumbs';
import { notFound } from '../../errors';
import type { ListingRepository } from './listing-repository';
import type { PageRepository, VehicleProductRecord } from './page-repository';
import { vehicleDrawing, vehicleImageUrl } from '../thumbs';
import { compatibilityFields, partThumbUrl, toProductCard } from './product-card';
import { type CatalogueService, modelsNamed } from './service';
import { fillPageFigures, type PageFigures } from '../static-pages/index';

/** SPEC §3: the content pages a part page shows, in the order of its tabs. */
export const PART_PAGE_CONTENT_SLUGS = ['product-returns', 'product-delivery', 'product-warranties', 'product-grading'] as const;
/** The picture shown beside the carbon footprint figure (SPEC §2 carbon footprint tab). */
export const CARBON_FOOTPRINT_IMAGE = '/img/carbon-footprint.svg';
/**
 * The vehicle page's three banner texts (SPEC §3 statics): shop copy kept as content pages by
 * these slugs, empty until written. The background and banner come from the product itself.
 */
const VEHICLE_BANNER_TEXT_SLUGS = {
  banner_text_1: 'product-vehicle-banner-text-1',
  banner_text_2: 'product-vehicle-banner-text-2',
  banner_text_3: 'product-vehicle-banner-text-3',
} as const;
const UNSURE_LEVEL = 100;

type VehiclePageAnswer = CallResponse<typeof getVehiclePage>;
type VehicleImage = VehiclePageAnswer['variants'][number]['product_images'][number];

export interface PageServiceDeps {
  pages: PageRepository;
  listings: ListingRepository;
  search: CatalogueService;
  /** What the content pages state from the configuration (the returns window). */
  figures: PageFigures;
  /** When the cart holds on parts end (the cart module's), for a part held in someone's cart. */
  cartHoldEnds: (tags: readonly string[]) => Promise<Map<string, Date>>;
}

/** A selector's name from its key: 'fuel_type' → 'Fuel type'. */
function selectorName(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function createPageService({ pages, listings, search, figures, cartHoldEnds }: PageServiceDeps) {
  async function partIdOrFail(tag: string): Promise<number> {
    const id = await pages.partIdByTag(tag);
    if (id === undefined) throw notFound();
    return id;
  }

  return {
    /** @param origin the shop's address as the customer reached it, for the share link. */
    async partPage(tag: string, origin: string): Promise<Omit<CallResponse<typeof getPartPage>, 'success'>> {
      const details = await pages.partByTag(tag);
      if (!details) throw notFound();
      const [card, images, warranties, gradings, contents, category, lowest, holdEnds, rating] = await Promise.all([
        search.recordOf(details.id),
        pages.imagesOf(details.id),
        pages.warrantiesOf(details.id, details.partTypeId),
        pages.listGradings(),
        pages.contentPagesBySlug(PART_PAGE_CONTENT_SLUGS),
        listings.findCategory(details.categoryId),
        details.priceOldNet === null ? null : pages.lowestPriceBefore({ partId: details.id }),
        cartHoldEnds([tag]),
        pages.reviewSummary(details.id),
      ]);
      if (!card) throw notFound();
      const heldUntil = card.status === 'reserved' ? holdEnds.get(card.tag) : undefined;
      const parent = category?.parentId == null ? undefined : await listings.findCategory(category.parentId);
      const productCard = toProductCard(card, UNSURE_LEVEL);
      const product: PartProduct = {
        ...productCard,
        RRP: details.rrpNet,
        // Gallery size; the strip and the lightbox change the size with withThumbSize (src/domain/thumbs).
        Images: images.map((image) => ({ id: image.id, url: partThumbUrl(image, { ...card, formattedName: productCard.formattedName }, 'gallery'), alt: image.alt })),
        Sold: card.status === 'available' ? 'FALSE' : 'TRUE',
        StockNumber: details.stockNumber,
        EngineCode: details.engineCode,
        AdditionalInfo: details.additionalInfo,
        CarbonFootprint: details.co2SavedKg === null ? null : { co2_level: details.co2SavedKg, image: CARBON_FOOTPRINT_IMAGE },
        // The public answer's; the route fills a signed-in member's own (routes.ts, memberAnswer).
        on_member_wishlist: false,
        shareUrl: new URL(productCard.slug, origin).toString(),
        LikelyMatchNote: details.likelyMatchNote,
        // Without a discount there is no 'lowest price before it' to show.
        lowest_price: details.priceOldNet === null ? null : (lowest ?? details.priceOldNet),
        partTypeCompatibilityFlag: details.compatibilityFlag ? 'TRUE' : 'FALSE',
        ModelID: card.modelId,
        cart_held_until: heldUntil ? heldUntil.toISOString() : null,
      };
      const bySlug = new Map(contents.map((page) => [page.slug, { ...page, content: fillPageFigures(page.content, figures) }]));
      const crumbs = [parent, category].flatMap((c) => (c ? [{ label: c.name, href: `/category/${c.id}` }] : []));
      return {
        product,
        warranties: warranties.map((w) => ({ id: w.id, name: w.name, value: w.value, is_default: w.isDefault })),
        gradings: gradings.map((g) => ({ level: g.level, title: g.title, description: g.description, bg_color: g.bgColor })),
        contents: PART_PAGE_CONTENT_SLUGS.flatMap((slug) => bySlug.get(slug) ?? []),
        breadcrumbs: [...crumbs, { label: productCard.name, href: null }],
        rating: rating.average === null ? null : { count: rating.count, average: Math.round(rating.average * 10) / 10 },
      };
    },

    async contentPage(slug: string) {
      const [page] = await pages.contentPagesBySlug([slug]);
      if (!page) throw notFound();
      return { ...page, content: fillPageFigures(page.content, figures) };
    },

    /** SPEC §2 reviews: 4 a page, newest first. */
    async reviews(partId: number, requestedPage: number) {
      const limit = PAGE_SIZE.reviews;
      const { count } = await pages.reviewSummary(partId);
      const pageCount = pageCountFor(count, limit);
      const page = Math.min(requestedPage, pageCount);
      const rows = requestedPage > pageCount ? [] : await pages.reviewsPage(partId, (page - 1) * limit, limit);
      return {
        records: rows.map((row) => ({
          id: row.id,
          created: new Date(row.createdAt).toISOString(),
          rate: row.rate,
          name: row.name,
          title: row.title,
          content: row.content,
          verified: row.verified,
        })),
        paginator: { count, perPage: limit, limit, pageCount, sort: 'created', direction: 'DESC' as const, page, requestedPage },
      };
    },

    /**
     * Descriptions and accordions for a make, model and part type: those written for the most
     * specific combination that has any, in this order: model and part type, make and part type,
     * model, make, part type. A model row names its make too.
     */
    async categoryInfo(query: { make?: string | undefined; model?: string | undefined; partType?: number | undefined }) {
      const make = query.make ? await search.findMake(query.make) : undefined;
      const models = make && query.model ? modelsNamed(await search.modelsOf(make.id), query.model) : [];
      const makeId = make?.id ?? null;
      const partTypeId = query.partType ?? null;
      const ofModels = (typeId: number | null) => models.map((model) => ({ makeId, modelId: model.id, partTypeId: typeId }));
      const combinations = [
        ...(partTypeId === null ? [] : [...ofModels(partTypeId), { makeId, modelId: null, partTypeId }]),
        ...ofModels(null),
        { makeId, modelId: null, partTypeId: null },
        { makeId: null, modelId: null, partTypeId },
      ].filter((c) => c.makeId !== null || c.partTypeId !== null);
      const rows = await pages.categoryInfoFor(combinations);
      const chosen =
        combinations
          .map((c) => rows.filter((row) => row.makeId === c.makeId && row.modelId === c.modelId && row.partTypeId === c.partTypeId))
          .find((matching) => matching.length > 0) ?? [];
      return {
        descriptions: chosen.filter((row) => row.kind === 'description').map((row) => ({ title: row.title, content: row.content })),
        accordions: chosen.filter((row) => row.kind === 'accordion').map((row) => ({ title: row.title, content: row.content })),
      };
    },

    /** A vehicle product; a variant's slug answers its parent's page (the variant stays in the query). */
    async vehiclePage(slug: string): Promise<Omit<VehiclePageAnswer, 'success'>> {
      const found = await pages.vehicleProductBySlug(slug);
      const product = found?.parentId == null ? found : await pages.vehicleProductById(found.parentId);
      if (!product) throw notFound();
      const variants = await pages.variantsOf(product.id);
      const [images, tabs, manufacturer, names, lowest, statics] = await Promise.all([
        pages.vehicleImagesOf([product.id, ...variants.map((variant) => variant.id)]),
        pages.vehicleTabsOf(product.id),
        product.manufacturerId === null ? undefined : pages.manufacturer(product.manufacturerId),
        pages.makeAndModelNames(product.makeId, product.modelId),
        product.priceOld === null ? null : pages.lowestPriceBefore({ vehicleProductId: product.id }),
        pages.contentPagesBySlug(Object.values(VEHICLE_BANNER_TEXT_SLUGS)),
      ]);
      // Banners at the banner size, the others at the gallery's (SPEC §9).
      const imageUrl = (image: (typeof images)[number], size: ThumbSize) =>
        vehicleImageUrl(image.id, vehicleDrawing(image.seed, { title: image.title, banner: image.isBanner, ...names }), size);
      const imagesOf = (id: number): VehicleImage[] =>
        images
          .filter((image) => image.vehicleProductId === id)
          .map((image) => ({ image: imageUrl(image, image.isBanner ? 'banner' : 'gallery'), is_banner: image.isBanner, title: image.title, alt: image.alt }));
      const productImages = imagesOf(product.id);
      const ownImages = images.filter((image) => image.vehicleProductId === product.id);
      const mainImage = ownImages.find((image) => !image.isBanner) ?? ownImages[0];
      const staticBySlug = new Map(statics.map((page) => [page.slug, page.content]));
      const vehicle: z.output<typeof vehicleProductSchema> = {
        id: product.id,
        name: product.name ?? '',
        sku: product.sku ?? '',
        slug: product.slug,
        price: product.price ?? 0,
        price_old: product.priceOld,
        // The card-sized picture, as product cards show it.
        image: mainImage ? imageUrl(mainImage, 'card') : '',
        summary: product.summary ?? '',
        stock_quantity: product.stockQuantity ?? 0,
        weight: product.weightKg ?? 0,
        product_detail: {
          description: product.description ?? '',
          distributor_url: product.distributorUrl ?? '',
          vehicle_background: product.vehicleBackground ?? '',
          dimm_length: product.lengthCm ?? 0,
          dimm_width: product.widthCm ?? 0,
          dimm_height: product.heightCm ?? 0,
          is_vehicle: true,
        },
        product_images: productImages,
        product_tabs: tabs.filter((tab) => tab.kind === 'tab').map((tab) => ({ id: tab.id, title: tab.title, content: tab.content })),
        product_additional_contents: tabs
          .filter((tab) => tab.kind === 'additional_content')
          .map((tab) => ({ id: tab.id, name: tab.title, content: tab.content })),
        manufacturer: manufacturer ?? { name: '', image: '', content: '' },
        product_discount_detail: { lowest_price: product.priceOld === null ? null : (lowest ?? product.priceOld) },
        // Public and shared-cached, so never one member's; vehicles have no Tag and no wishlist yet.
        on_member_wishlist: false,
        make: names.make,
        model: names.model,
        year: product.year ?? 0,
      };
      return {
        product: vehicle,
        variants: variants.map((variant: VehicleProductRecord) => ({
          id: variant.id,
          slug: variant.slug,
          name: variant.name,
          sku: variant.sku,
          price: variant.price,
          price_old: variant.priceOld,
          stock_quantity: variant.stockQuantity,
          selector_values: variant.selectorValues,
          product_images: imagesOf(variant.id),
        })),
        selectors: selectorsOf(variants),
        statics: {
          product_vehicle_bg: vehicle.product_detail.vehicle_background,
          product_vehicle_banner: productImages.find((image) => image.is_banner)?.image ?? '',
          banner_text_1: staticBySlug.get(VEHICLE_BANNER_TEXT_SLUGS.banner_text_1) ?? '',
          banner_text_2: staticBySlug.get(VEHICLE_BANNER_TEXT_SLUGS.banner_text_2) ?? '',
          banner_text_3: staticBySlug.get(VEHICLE_BANNER_TEXT_SLUGS.banner_text_3) ?? '',
        },
      };
    },

    /** How well the part of `tag` fits the car of `vrn` (SPEC §4 vehicle compatibility). */
    async compatibility(tag: string, vrn: string) {
      const partId = await partIdOrFail(tag);
      const { msg, car, level } = await search.compatibility(partId, vrn);
      return { msg, car, ...compatibilityFields(level) };
    },
  };
}

/** SPEC §4 selectors: one per key the variants carry, with each value in the order first met. */
export function selectorsOf(variants: readonly Pick<VehicleProductRecord, 'selectorValues'>[]): VehiclePageAnswer['selectors'] {
  const values = new Map<string, string[]>();
  for (const variant of variants) {
    for (const [key, value] of Object.entries(variant.selectorValues)) {
      const list = values.get(key) ?? [];
      if (!list.includes(value)) list.push(value);
      values.set(key, list);
    }
  }
  return [...values].map(([id, list]) => ({ id, name: selectorName(id), values: list }));
}

export type PageService = ReturnType<typeof createPageService>;
