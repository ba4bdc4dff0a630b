/**
 * Catalogue and search calls of SPEC §7 with the shapes of SPEC §3, field names spelled as the spec
 * spells them (comming_soon, Transmssion, CompatabilityLevel…). Every amount is integer pence:
 * `Price`/`price`/`RRP` are net of VAT; gross figures come from src/domain/money.
 */
import * as z from 'zod/mini';
import { registrationKey, TAG_PATTERN, VRN_MAX_LENGTH } from '../domain/validation';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Compatibility level of SPEC §4: 0 unknown, 1 exact, 2 likely, 3 optional, 100 unsure. */
export const compatibilityLevelSchema = lazySchema(() => z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(100)]));
export type CompatibilityLevel = z.infer<typeof compatibilityLevelSchema>;

export const partStatusSchema = lazySchema(() => z.enum(['available', 'reserved', 'sold', 'coming_soon']));
export type PartStatus = z.infer<typeof partStatusSchema>;

/** Product card / listing row (SPEC §3 'Product (card/listing)'). */
export const productCardSchema = lazySchema(() => z.object({
  id: z.int(),
  Tag: z.string(),
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  ManuName: z.string(),
  ModelName: z.string(),
  /** Raw part name as the feed has it (may be '[Alternator]'); the domain turns it into a Name. */
  PartName: z.string(),
  formattedName: z.string(),
  PartType: z.int(),
  Description: z.string(),
  Year: z.nullable(z.int()),
  OEM: z.string(),
  Grade: z.string(),
  /** Net price in pence. */
  Price: z.int(),
  price: z.int(),
  /** Previous net price in pence when discounted, else null. */
  price_old: z.nullable(z.int()),
  /** Stock count: 1 for an available used part, 0 otherwise. */
  Total: z.int(),
  stock_quantity: z.int(),
  status: partStatusSchema,
  MainImgURL: z.string(),
  image: z.string(),
  alttag: z.string(),
  CompatabilityLevel: compatibilityLevelSchema,
  CompatibilityBadge: z.string(),
  CompatibilityBadgeClass: z.enum(['unknown', 'exact', 'likely', 'optional', '']),
  product_detail: z.object({ is_vehicle: z.boolean() }),
}));
export type ProductCard = z.infer<typeof productCardSchema>;

/** Paging data of SPEC §3; `requestedPage` echoes a page past the end, which answers no products. */
export const paginatorSchema = lazySchema(() => z.object({
  count: z.int(),
  perPage: z.int(),
  limit: z.int(),
  pageCount: z.int(),
  sort: z.string(),
  direction: z.enum(['ASC', 'DESC']),
  page: z.int(),
  requestedPage: z.int(),
}));
export type Paginator = z.infer<typeof paginatorSchema>;

/** Control characters (NUL above all, which PostgreSQL cannot store) are never part of a search. */
const noControlCharacters = z.refine<string>((s) => !/\p{Cc}/u.test(s), 'Letters, digits and punctuation only.');

/** Free text of at most `max` characters, trimmed. */
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`), noControlCharacters);

/** The largest id, page or amount the database holds (a PostgreSQL integer). */
const MAX_INTEGER = 2_147_483_647;

/** A registration as typed: letters, digits and spaces, at most 10 once cleaned by src/domain's
 *  registrationKey (upper-cased, spaces removed), checked before the lookup sees it. */
const vrnParam = lazySchema(() => z
  .string()
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9 ]*$/, 'A registration has letters and digits only.'),
    z.overwrite(registrationKey),
    z.maxLength(VRN_MAX_LENGTH, 'A registration has at most 10 characters.'),
  ));

const wholeNumber = (error: string) => z.coerce.number({ error }).check(z.refine(Number.isInteger, 'Must be a whole number.'));
const idParam = lazySchema(() => wholeNumber('Must be a number.').check(z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')));
const yearParam = lazySchema(() => wholeNumber('Must be a year.').check(z.gte(1950, 'Must be 1950 or later.'), z.lte(2100, 'Must be a year.')));
const oemParam = lazySchema(() => z.string().check(z.trim(), z.minLength(3, 'Min 3 chars'), z.maxLength(40, 'At most 40 characters.'), noControlCharacters));
/** A part's Tag as it appears in URLs. */
const tagParam = lazySchema(() => z.string().check(z.trim(), z.regex(TAG_PATTERN, 'Letters, digits and dashes only.')));
/** A donor vehicle's stock number ('STK-012001'), as the part page links to it. */
const stockParam = lazySchema(() => z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a stock number.'),
    z.maxLength(30, 'At most 30 characters.'),
    z.regex(/^[A-Za-z0-9-]*$/, 'A stock number has letters, digits and dashes only.'),
  ));
const booleanParam = lazySchema(() => z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((v) => v === 'true' || v === '1'),
));

// ---------------------------------------------------------------------------------------------
// Vehicles, makes and models

/** Car found by a registration lookup (SPEC §3 'search car'). Model is null when the lookup
 *  gave none (as the DVLA's does), and the search then offers `models`. */
export const searchCarSchema = lazySchema(() => z.object({
  VRN: z.string(),
  Make: z.string(),
  Model: z.nullable(z.string()),
  Year: z.int(),
  Style: z.string(),
  Transmssion: z.string(),
  Gears: z.nullable(z.int()),
  EngineCode: z.string(),
  ImageURL: z.string(),
}));
export type SearchCar = z.infer<typeof searchCarSchema>;

/** Make/model row (SPEC §3): id, model, also ID, MAKE, MODEL. */
export const modelRowSchema = lazySchema(() => z.object({
  id: z.int(),
  model: z.string(),
  ID: z.int(),
  MAKE: z.string(),
  MODEL: z.string(),
  yearFrom: z.int(),
  yearTo: z.nullable(z.int()),
}));
export type ModelRow = z.infer<typeof modelRowSchema>;

export const makeRowSchema = lazySchema(() => z.object({ id: z.int(), name: z.string(), slug: z.string() }));
export type MakeRow = z.infer<typeof makeRowSchema>;

/** GET /products/makes.json — the makes for the make/model search (not in SPEC §7; the spec's
 *  parts service serves them). */
export const getMakes = defineCall({
  method: 'GET',
  path: '/products/makes.json',
  summary: 'Makes the catalogue holds, alphabetical',
  response: lazySchema(() => success({ data: z.array(makeRowSchema) })),
});

/** GET /products/models.json?make= */
export const getModels = defineCall({
  method: 'GET',
  path: '/products/models.json',
  summary: 'Models of a make',
  query: lazySchema(() => z.object({ make: text(60).check(z.minLength(1, 'Choose a make.')) })),
  response: lazySchema(() => success({ data: z.array(modelRowSchema) })),
});

// ---------------------------------------------------------------------------------------------
// Part search

/**
 * A SearchID (SPEC §7): the search written out and signed by the server, opaque to the client,
 * which passes it back unchanged to follow-search and recent-stock.
 */
export const SEARCH_ID_PATTERN = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{22}$/;
const searchIdParam = lazySchema(() => z.string().check(z.regex(SEARCH_ID_PATTERN, 'Not a search of this shop.')));

export const partSearchQuerySchema = lazySchema(() => z
  .object({
    vrn: z.optional(vrnParam),
    year: z.optional(yearParam),
    make: z.optional(text(60)),
    model: z.optional(text(80)),
    partType: z.optional(idParam),
    oem: z.optional(oemParam),
    /** SPEC §2: the parts of one donor vehicle; read by the make/model search only. */
    stock: z.optional(stockParam),
    soldOut: z.optional(booleanParam),
  })
  .check(z.refine((q) => Boolean(q.vrn || q.oem || q.make || q.stock), { error: 'Enter a registration, a part number or a make.', path: ['vrn'] })));

/**
 * GET /products/part-search.json. `code` 501: a part type is needed (msg says so); 502: the
 * registration is unknown. Both answer success true with the code, as the spec's clients expect.
 */
export const partSearch = defineCall({
  method: 'GET',
  path: '/products/part-search.json',
  summary: 'Search parts by registration, part number or make/model/year and part type',
  query: partSearchQuerySchema,
  response: lazySchema(() => success({
    msg: z.string(),
    data: z.object({
      SearchID: z.nullable(z.string()),
      car: z.nullable(searchCarSchema),
      parts: z.array(productCardSchema),
      sold_parts: z.array(productCardSchema),
      comming_soon: z.array(productCardSchema),
      models: z.array(modelRowSchema),
      code: z.union([z.literal(200), z.literal(501), z.literal(502)]),
    }),
  })),
});

/** GET /products/follow-search.json?searchId= — one part per other part type for the same vehicle. */
export const followSearch = defineCall({
  method: 'GET',
  path: '/products/follow-search.json',
  summary: 'Other parts for the vehicle of a search, one per part type, at most 12',
  query: lazySchema(() => z.object({ searchId: searchIdParam })),
  response: lazySchema(() => success({ data: z.array(productCardSchema) })),
});

/** GET /products/recent-stock.json — newest available parts for the same conditions as a search. */
export const recentStock = defineCall({
  method: 'GET',
  path: '/products/recent-stock.json',
  summary: 'Most recently added available parts matching the conditions (or the vehicle and part type of a SearchID)',
  query: lazySchema(() => z.object({
    /** The conditions of an earlier search; when given, the other conditions are not read. */
    searchId: z.optional(searchIdParam),
    vrn: z.optional(vrnParam),
    year: z.optional(yearParam),
    make: z.optional(text(60)),
    model: z.optional(text(80)),
    partType: z.optional(idParam),
    limit: z._default(wholeNumber('Must be a number.').check(z.gte(1, 'Must be 1 or more.'), z.lte(24, 'At most 24.')), 12),
  })),
  response: lazySchema(() => success({ data: z.array(productCardSchema) })),
});

/** POST /search/get-suggested-products.json — suggestions while a part number is typed. */
export const suggestedProducts = defineCall({
  method: 'POST',
  path: '/search/get-suggested-products.json',
  summary: 'Part-number suggestions (prefix match), at most 8',
  body: lazySchema(() => z.object({ oem: oemParam, vrn: z.optional(vrnParam) })),
  response: lazySchema(() => success({ products: z.array(productCardSchema) })),
});

// ---------------------------------------------------------------------------------------------
// Listings

export const listingSortSchema = lazySchema(() => z.enum(['id', 'price', 'created', 'name']));
const csvIds = lazySchema(() => z.pipe(
  z.string().check(z.regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'A comma-separated list of ids.')),
  z.pipe(
    z.transform((s: string) => s.split(',').map(Number)),
    z.array(z.int().check(z.lte(MAX_INTEGER, 'Too large.'))),
  ),
));
const pence = lazySchema(() => wholeNumber('Must be a number.').check(z.gte(0, 'Must be 0 or more.'), z.lte(MAX_INTEGER, 'Too large.')));

export const listingQuerySchema = lazySchema(() => z
  .object({
    categories: z.optional(csvIds),
    badges: z.optional(csvIds),
    attribute: z.optional(csvIds),
    /** Gross price bounds in pence, as the customer sees prices. */
    price_from: z.optional(pence),
    price_to: z.optional(pence),
    sort: z._default(listingSortSchema, 'id'),
    direction: z._default(z.pipe(z.string().check(z.toUpperCase()), z.enum(['ASC', 'DESC'])), 'DESC'),
    page: z._default(idParam, 1),
    limit: z._default(idParam.check(z.lte(100, 'At most 100.')), 12),
  })
  .check(
    z.refine((q) => q.price_from === undefined || q.price_to === undefined || q.price_from <= q.price_to, {
      error: 'From must not be above To.',
      path: ['price_from'],
    }),
  ));
export type ListingQuery = z.input<typeof listingQuerySchema>;

const listingResponse = lazySchema(() => success({ products: z.array(productCardSchema), paginator: paginatorSchema }));

/** GET /products/get-list/{categoryId}.json */
export const getCategoryList = defineCall({
  method: 'GET',
  path: '/products/get-list/:categoryId.json',
  summary: 'Products of a category with filters, sort and paging',
  params: lazySchema(() => z.object({ categoryId: idParam })),
  query: listingQuerySchema,
  response: listingResponse,
});

/** GET /products/get-badge-list/{badgeId}.json */
export const getBadgeList = defineCall({
  method: 'GET',
  path: '/products/get-badge-list/:badgeId.json',
  summary: 'Products carrying a badge with filters, sort and paging',
  params: lazySchema(() => z.object({ badgeId: idParam })),
  query: listingQuerySchema,
  response: listingResponse,
});

/** Filters a listing offers (sidebar): badges and attribute groups, with the category's name. */
export const getListingFilters = defineCall({
  method: 'GET',
  path: '/products/listing-filters.json',
  summary: 'Badges and attribute groups for the filter sidebar, and the title of the listing',
  query: lazySchema(() => z.object({ categoryId: z.optional(idParam), badgeId: z.optional(idParam) })),
  response: lazySchema(() => success({
    title: z.string(),
    badges: z.array(z.object({ id: z.int(), slug: z.string(), name: z.string() })),
    attributeGroups: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        product_attribute_values: z.array(z.object({ id: z.int(), name: z.string() })),
      }),
    ),
  })),
});

// ---------------------------------------------------------------------------------------------
// Reviews and category info

/**
 * A review as part pages show it: the part's own (seeded, `verified` false, no title) or an
 * approved buyer's review of its part type (issue 32: `name` is the buyer's first name, `verified`
 * true: 'Verified buyer'). `id` is unique among the reviews of its kind.
 */
export const reviewSchema = lazySchema(() => z.object({
  id: z.int(),
  created: z.string(),
  rate: z.int().check(z.gte(1), z.lte(5)),
  name: z.string(),
  title: z.nullable(z.string()),
  content: z.string(),
  verified: z.boolean(),
}));

/** GET /product-reviews/getList.json?product_id&page — 4 a page. */
export const getReviews = defineCall({
  method: 'GET',
  path: '/product-reviews/getList.json',
  summary: 'Reviews of a product, 4 a page, newest first',
  query: lazySchema(() => z.object({ product_id: idParam, page: z._default(idParam, 1) })),
  response: lazySchema(() => success({ records: z.array(reviewSchema), paginator: paginatorSchema })),
});

export const accordionSchema = lazySchema(() => z.object({ title: z.string(), content: z.string() }));

/** GET /product-categories/info.json?make&model&partType */
export const getCategoryInfo = defineCall({
  method: 'GET',
  path: '/product-categories/info.json',
  summary: 'Descriptions and accordions for a make, model and part type',
  query: lazySchema(() => z.object({ make: z.optional(text(60)), model: z.optional(text(80)), partType: z.optional(idParam) })),
  response: lazySchema(() => success({ msg: z.string(), descriptions: z.array(z.object({ title: z.string(), content: z.string() })), accordions: z.array(accordionSchema) })),
});

// ---------------------------------------------------------------------------------------------
// Categories menu

export const menuCategorySchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  icon: z.string(),
  children: z.array(z.object({ id: z.int(), name: z.string(), slug: z.string(), icon: z.string() })),
  top_products: z.array(productCardSchema).check(z.maxLength(4)),
}));

/** The categories menu the spec embeds in pages, as a call. */
export const getCategoriesMenu = defineCall({
  method: 'GET',
  path: '/product-categories/menu.json',
  summary: 'Category tree with icons and up to 4 popular products each',
  response: lazySchema(() => success({ categories: z.array(menuCategorySchema) })),
});

// ---------------------------------------------------------------------------------------------
// Part page, vehicle page, compatibility

export const warrantySchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  /** Net price in pence; 0 is shown as free. */
  value: z.int(),
  is_default: z.boolean(),
}));
export type Warranty = z.infer<typeof warrantySchema>;

export const gradingSchema = lazySchema(() => z.object({ level: z.string(), title: z.string(), description: z.string(), bg_color: z.string() }));
export const contentPageSchema = lazySchema(() => z.object({ slug: z.string(), title: z.string(), content: z.string() }));
export const breadcrumbSchema = lazySchema(() => z.object({ label: z.string(), href: z.nullable(z.string()) }));

/** Part product (SPEC §3). Sold is 'FALSE' while the part is available. */
export const partProductSchema = lazySchema(() => z.extend(productCardSchema, {
  OEM: z.string(),
  RRP: z.nullable(z.int()),
  Images: z.array(z.object({ id: z.int(), url: z.string(), alt: z.string() })),
  Sold: z.enum(['TRUE', 'FALSE']),
  StockNumber: z.string(),
  EngineCode: z.string(),
  AdditionalInfo: z.array(z.object({ Title: z.string(), Value: z.string() })),
  CarbonFootprint: z.nullable(z.object({ co2_level: z.number(), image: z.string() })),
  on_member_wishlist: z.boolean(),
  shareUrl: z.string(),
  LikelyMatchNote: z.string(),
  /** Lowest net price of the 30 days before a discount (SPEC §3), when discounted. */
  lowest_price: z.nullable(z.int()),
  partTypeCompatibilityFlag: z.enum(['TRUE', 'FALSE']),
  /**
   * The id of the part's model (not in SPEC §3): ModelName is the family ('Focus'), shared by
   * every generation, so the category texts are asked for by this id (info.json takes a model id
   * or name). Null for a part without a model.
   */
  ModelID: z.nullable(z.int()),
  /**
   * Issue 32: a part 'reserved' because it sits in someone's cart: when that hold ends (ISO 8601);
   * null when the part is not held in a cart (on sale, sold, or held by an unpaid order). The page
   * says 'In someone's cart — may be free again in about N min' and offers the back-in-stock
   * notification. A time rather than minutes left, so the answer can be kept (catalogue-reads).
   */
  cart_held_until: z.nullable(z.string()),
}));
export type PartProduct = z.infer<typeof partProductSchema>;

/** The part page data the spec embeds in the HTML, as a call. */
export const getPartPage = defineCall({
  method: 'GET',
  path: '/products/part/:tag.json',
  summary: 'Everything the part product page shows',
  params: lazySchema(() => z.object({ tag: tagParam })),
  response: lazySchema(() => success({
    product: partProductSchema,
    warranties: z.array(warrantySchema),
    gradings: z.array(gradingSchema),
    contents: z.array(contentPageSchema),
    breadcrumbs: z.array(breadcrumbSchema),
    /** Issue 32: the reviews the page shows (the part's own and its type's approved buyers'), for the summary and the JSON-LD's AggregateRating; null without any. */
    rating: z.nullable(z.object({ count: z.int(), average: z.number() })),
  })),
});

/** GET /content-pages/{slug}.json — product-returns, product-delivery, product-warranties, product-grading. */
export const getContentPage = defineCall({
  method: 'GET',
  path: '/content-pages/:slug.json',
  summary: 'A content page by slug',
  params: lazySchema(() => z.object({ slug: z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, 'Lower-case letters, digits and dashes.')) })),
  response: lazySchema(() => success({ page: contentPageSchema })),
});

const vehicleVariantSchema = lazySchema(() => z.object({
  id: z.int(),
  slug: z.string(),
  name: z.nullable(z.string()),
  sku: z.nullable(z.string()),
  price: z.nullable(z.int()),
  price_old: z.nullable(z.int()),
  stock_quantity: z.nullable(z.int()),
  /** Selector values this variant carries, by selector id. */
  selector_values: z.record(z.string(), z.string()),
  product_images: z.array(z.object({ image: z.string(), is_banner: z.boolean(), title: z.string(), alt: z.string() })),
}));

/** Vehicle product (SPEC §3). */
export const vehicleProductSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  sku: z.string(),
  slug: z.string(),
  price: z.int(),
  price_old: z.nullable(z.int()),
  image: z.string(),
  summary: z.string(),
  stock_quantity: z.int(),
  weight: z.number(),
  product_detail: z.object({
    description: z.string(),
    distributor_url: z.string(),
    vehicle_background: z.string(),
    dimm_length: z.number(),
    dimm_width: z.number(),
    dimm_height: z.number(),
    is_vehicle: z.literal(true),
  }),
  product_images: z.array(z.object({ image: z.string(), is_banner: z.boolean(), title: z.string(), alt: z.string() })),
  product_tabs: z.array(z.object({ id: z.int(), title: z.string(), content: z.string() })),
  product_additional_contents: z.array(z.object({ id: z.int(), name: z.string(), content: z.string() })),
  manufacturer: z.object({ name: z.string(), image: z.string(), content: z.string() }),
  product_discount_detail: z.object({ lowest_price: z.nullable(z.int()) }),
  on_member_wishlist: z.boolean(),
  make: z.string(),
  model: z.string(),
  year: z.int(),
}));
export type VehicleProduct = z.infer<typeof vehicleProductSchema>;

export const getVehiclePage = defineCall({
  method: 'GET',
  path: '/products/vehicle/:slug.json',
  summary: 'Everything the vehicle product page shows',
  params: lazySchema(() => z.object({ slug: z.string().check(z.regex(/^[a-z0-9-]{1,120}$/, 'Lower-case letters, digits and dashes.')) })),
  response: lazySchema(() => success({
    product: vehicleProductSchema,
    variants: z.array(vehicleVariantSchema),
    selectors: z.array(z.object({ id: z.string(), name: z.string(), values: z.array(z.string()) })),
    statics: z.object({
      product_vehicle_bg: z.string(),
      product_vehicle_banner: z.string(),
      banner_text_1: z.string(),
      banner_text_2: z.string(),
      banner_text_3: z.string(),
    }),
  })),
});

/** Compatibility of one part with the car behind a registration. */
export const checkCompatibility = defineCall({
  method: 'GET',
  path: '/products/compatibility.json',
  summary: 'How well a part fits the car of a registration',
  query: lazySchema(() => z.object({ tag: tagParam, vrn: vrnParam.check(z.minLength(2, 'Enter a registration.')) })),
  response: lazySchema(() => success({
    msg: z.string(),
    car: z.nullable(searchCarSchema),
    CompatabilityLevel: compatibilityLevelSchema,
    CompatibilityBadge: z.string(),
    CompatibilityBadgeClass: z.enum(['unknown', 'exact', 'likely', 'optional', '']),
  })),
});
