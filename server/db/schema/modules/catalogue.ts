/**
 * The catalogue: part types, vehicles (makes, models, the embedded registration registry), parts with
 * their images, fitments and price history, and what listings and product pages show around them.
 * Amounts are integer pence net of VAT.
 * Owned by server/modules/catalogue: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { PACKAGE_TYPES } from '../../../../src/domain/cart-totals';

export const makes = pgTable('makes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
});

export const models = pgTable(
  'models',
  {
    id: integer('id').primaryKey(),
    makeId: integer('make_id').notNull().references(() => makes.id),
    name: text('name').notNull(),
    generation: text('generation'),
    slug: text('slug').notNull(),
    yearFrom: smallint('year_from').notNull(),
    /** Null while the model is still made. */
    yearTo: smallint('year_to'),
  },
  (t) => [index('models_make_idx').on(t.makeId, t.name)],
);

/**
 * The embedded vehicle registry behind registration lookup (the default adapter of the lookup
 * port). `model_id` is null for a registration whose lookup, like the DVLA's, knows no model.
 */
export const registrations = pgTable('registrations', {
  vrn: text('vrn').primaryKey(),
  makeId: integer('make_id').notNull().references(() => makes.id),
  modelId: integer('model_id').references(() => models.id),
  year: smallint('year').notNull(),
  style: text('style').notNull(),
  transmission: text('transmission').notNull(),
  gears: smallint('gears'),
  engineCode: text('engine_code').notNull(),
  imageUrl: text('image_url').notNull().default(''),
});

export const PART_STATUSES = ['available', 'reserved', 'sold', 'coming_soon'] as const;

export type PartStatusValue = (typeof PART_STATUSES)[number];

/**
 * One used part: one physical item. It leaves 'available' only through a conditional UPDATE in the
 * transaction that creates an order, so it can never be sold twice.
 */
export const parts = pgTable(
  'parts',
  {
    id: serial('id').primaryKey(),
    tag: text('tag').notNull().unique(),
    stockNumber: text('stock_number').notNull(),
    partTypeId: integer('part_type_id').notNull().references(() => partTypes.id),
    /** The category a listing shows the part in (the part type's subcategory). */
    categoryId: integer('category_id').notNull(),
    makeId: integer('make_id').notNull().references(() => makes.id),
    modelId: integer('model_id').notNull().references(() => models.id),
    /** Year of the donor vehicle. */
    year: smallint('year').notNull(),
    engineCode: text('engine_code').notNull().default(''),
    /** As the parts feed names it, e.g. '[Alternator]' (SPEC §3 PartName). */
    partName: text('part_name').notNull(),
    description: text('description').notNull(),
    oem: text('oem').notNull(),
    /** OEM upper-cased without spaces, dashes, dots or slashes: what part-number search matches. */
    oemNormalised: text('oem_normalised').notNull(),
    grade: text('grade').notNull(),
    priceNet: integer('price_net').notNull(),
    /** The previous price while the part is discounted. */
    priceOldNet: integer('price_old_net'),
    rrpNet: integer('rrp_net'),
    stockQuantity: integer('stock_quantity').notNull().default(1),
    status: text('status', { enum: PART_STATUSES }).notNull().default('available'),
    /** [{Title, Value}] of SPEC §3 AdditionalInfo. */
    additionalInfo: jsonb('additional_info').$type<{ Title: string; Value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    co2SavedKg: numeric('co2_saved_kg', { mode: 'number' }),
    likelyMatchNote: text('likely_match_note').notNull().default(''),
    /** How this part ships when not as its part type does (an odd size); null: the part type's. */
    packageType: text('package_type', { enum: PACKAGE_TYPES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('parts_oem_prefix_idx').on(t.oemNormalised.op('text_pattern_ops')),
    // Part-number search and suggestions ask for one status at a time, in part-number order
    // (exact match first, then longer numbers), so each reads only the rows it returns.
    index('parts_status_oem_idx').on(t.status, t.oemNormalised.op('text_pattern_ops'), t.id),
    index('parts_type_vehicle_idx').on(t.partTypeId, t.makeId, t.modelId, t.year),
    index('parts_category_listing_idx').on(t.categoryId, t.status, t.id),
    index('parts_status_created_idx').on(t.status, t.createdAt),
    // 'All parts from this vehicle' (SPEC §2) asks for one donor's parts, one status at a time.
    index('parts_stock_number_idx').on(t.stockNumber, t.status, t.id),
  ],
);

/**
 * How many parts each category holds in each status, kept up to date by statement triggers on
 * parts (migration 0006), so a listing's count is a few rows to add up instead of tens of
 * thousands of index entries to count on every request.
 */
export const categoryPartCounts = pgTable(
  'category_part_counts',
  {
    categoryId: integer('category_id').notNull(),
    status: text('status', { enum: PART_STATUSES }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.status] })],
);

/** Images of a part; /thumbs/{id} serves each at the sizes of SPEC §9. */
export const partImages = pgTable(
  'part_images',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id').notNull().references(() => parts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    /** Seed of the drawn demo picture; a real upload would store a file key instead. */
    drawingSeed: integer('drawing_seed').notNull(),
    alt: text('alt').notNull(),
  },
  (t) => [index('part_images_part_idx').on(t.partId, t.position)],
);

/**
 * Which vehicles a part fits, with the compatibility level of SPEC §4 (1 exact, 2 likely,
 * 3 optional). The part type is copied here so a registration search reads one narrow index.
 */
export const fitments = pgTable(
  'fitments',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id').notNull().references(() => parts.id, { onDelete: 'cascade' }),
    partTypeId: integer('part_type_id').notNull(),
    modelId: integer('model_id').notNull().references(() => models.id),
    yearFrom: smallint('year_from').notNull(),
    yearTo: smallint('year_to').notNull(),
    /** Null when the part fits whatever the engine. */
    engineCode: text('engine_code'),
    level: smallint('level').notNull(),
  },
  (t) => [index('fitments_lookup_idx').on(t.modelId, t.partTypeId, t.yearFrom, t.yearTo), index('fitments_part_idx').on(t.partId)],
);

/** Net price history, so the lowest price of the 30 days before a discount can be shown. */
export const priceHistory = pgTable(
  'price_history',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id').references(() => parts.id, { onDelete: 'cascade' }),
    vehicleProductId: integer('vehicle_product_id'),
    priceNet: integer('price_net').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  },
  (t) => [index('price_history_part_idx').on(t.partId, t.validFrom), index('price_history_vehicle_idx').on(t.vehicleProductId, t.validFrom)],
);

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull(),
  position: smallint('position').notNull().default(0),
});

export const categoryPartTypes = pgTable(
  'category_part_types',
  {
    categoryId: integer('category_id').notNull().references(() => categories.id),
    partTypeId: integer('part_type_id').notNull().references(() => partTypes.id),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.partTypeId] })],
);

export const badges = pgTable('badges', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const partBadges = pgTable(
  'part_badges',
  {
    partId: integer('part_id').notNull().references(() => parts.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id').notNull().references(() => badges.id),
  },
  (t) => [primaryKey({ columns: [t.badgeId, t.partId] }), index('part_badges_part_idx').on(t.partId)],
);

export const attributeGroups = pgTable('attribute_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const attributeValues = pgTable('attribute_values', {
  id: integer('id').primaryKey(),
  groupId: integer('group_id').notNull().references(() => attributeGroups.id),
  name: text('name').notNull(),
});

export const partAttributeValues = pgTable(
  'part_attribute_values',
  {
    partId: integer('part_id').notNull().references(() => parts.id, { onDelete: 'cascade' }),
    valueId: integer('value_id').notNull().references(() => attributeValues.id),
  },
  (t) => [primaryKey({ columns: [t.valueId, t.partId] }), index('part_attribute_values_part_idx').on(t.partId)],
);

export const warranties = pgTable('warranties', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Net price in pence; 0 is shown as free. */
  value: integer('value').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  days: integer('days').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Which warranties a part type offers (a part offers those of its type, unless staff chose its own: part_warranties). */
export const partTypeWarranties = pgTable(
  'part_type_warranties',
  {
    partTypeId: integer('part_type_id').notNull().references(() => partTypes.id),
    warrantyId: integer('warranty_id').notNull().references(() => warranties.id),
  },
  (t) => [primaryKey({ columns: [t.partTypeId, t.warrantyId] })],
);

export const gradings = pgTable('gradings', {
  level: text('level').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  bgColor: text('bg_color').notNull(),
});

/** Descriptions and accordions shown for a make, a model and/or a part type. */
export const categoryInfo = pgTable(
  'category_info',
  {
    id: serial('id').primaryKey(),
    makeId: integer('make_id'),
    modelId: integer('model_id'),
    partTypeId: integer('part_type_id'),
    kind: text('kind', { enum: ['description', 'accordion'] }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('category_info_lookup_idx').on(t.makeId, t.modelId, t.partTypeId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id').references(() => parts.id, { onDelete: 'cascade' }),
    vehicleProductId: integer('vehicle_product_id'),
    rate: smallint('rate').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reviews_part_idx').on(t.partId, t.createdAt), index('reviews_vehicle_idx').on(t.vehicleProductId, t.createdAt)],
);

export const manufacturers = pgTable('manufacturers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  content: text('content').notNull(),
});

/**
 * Vehicle products (SPEC §3): whole vehicles for sale. A variant row points at its parent and
 * leaves empty the fields it takes from the parent; `selector_values` says which selector values
 * it carries (e.g. {colour: 'Red', transmission: 'Manual'}).
 */
export const vehicleProducts = pgTable(
  'vehicle_products',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    slug: text('slug').notNull().unique(),
    name: text('name'),
    sku: text('sku'),
    price: integer('price'),
    priceOld: integer('price_old'),
    summary: text('summary'),
    stockQuantity: integer('stock_quantity'),
    weightKg: numeric('weight_kg', { mode: 'number' }),
    description: text('description'),
    distributorUrl: text('distributor_url'),
    vehicleBackground: text('vehicle_background'),
    lengthCm: numeric('length_cm', { mode: 'number' }),
    widthCm: numeric('width_cm', { mode: 'number' }),
    heightCm: numeric('height_cm', { mode: 'number' }),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    makeId: integer('make_id').references(() => makes.id),
    modelId: integer('model_id').references(() => models.id),
    year: smallint('year'),
    selectorValues: jsonb('selector_values').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vehicle_products_parent_idx').on(t.parentId)],
);

export const vehicleProductImages = pgTable('vehicle_product_images', {
  id: serial('id').primaryKey(),
  vehicleProductId: integer('vehicle_product_id').notNull().references(() => vehicleProducts.id, { onDelete: 'cascade' }),
  drawingSeed: integer('drawing_seed').notNull(),
  isBanner: boolean('is_banner').notNull().default(false),
  title: text('title').notNull(),
  alt: text('alt').notNull(),
  position: smallint('position').notNull().default(0),
});

export const vehicleProductTabs = pgTable('vehicle_product_tabs', {
  id: serial('id').primaryKey(),
  vehicleProductId: integer('vehicle_product_id').notNull().references(() => vehicleProducts.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['tab', 'additional_content'] }).notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Every search is stored; its id (SearchID) lets follow-search find the same vehicle again. */
export const searches = pgTable('searches', {
  id: serial('id').primaryKey(),
  mode: text('mode', { enum: ['vrn', 'oem', 'make-model'] }).notNull(),
  vrn: text('vrn'),
  oem: text('oem'),
  makeId: integer('make_id'),
  modelId: integer('model_id'),
  year: smallint('year'),
  engineCode: text('engine_code'),
  partTypeId: integer('part_type_id'),
  resultCount: integer('result_count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const partTypes = pgTable('part_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The name as the parts feed spells it, e.g. 'STARTER_MOTOR' or '[Alternator]'; products match on it. */
  externalName: text('external_name').notNull().unique(),
  /** True when whether a part fits depends on the engine or model (shows the compatibility check). */
  compatibilityFlag: boolean('compatibility_flag').notNull().default(false),
  packageType: text('package_type', { enum: PACKAGE_TYPES }).notNull().default('REGULAR_PARCELS'),
});
