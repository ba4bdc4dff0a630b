/**
 * The back office's stock calls (under /web-api/admin/stock): find parts, add and edit them with
 * every field the catalogue holds, mark them sold or withdrawn and back on sale, their photos, and
 * the CSV import. Reads need stock.read, changes stock.manage; each change writes one audit entry.
 *
 * Body fields are checked by src/domain/stock-entry.ts (the same rules as the CSV import), and a
 * problem answers 422 with `errors` by field name ('fitments.0.year_to' for a fitment's own).
 * A new part, or one put back on sale, is in the shop's searches at once, and the saved-search
 * and garage alerts hear of it (its arrival is queued in the change's own transaction).
 */
import * as z from 'zod/mini';
import { PACKAGE_TYPES } from '../domain/cart-totals';
import { multiLine } from '../domain/multi-line';
import { IMPORT_MAX_CHARACTERS } from '../domain/stock-import';
import { defineAdminCall } from './admin-access';
import { paginatorSchema } from './catalogue';
import { success } from './envelope';
import { idParam, text } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

/** 25 parts a page in the back office's stock list. */
export const STOCK_PAGE_SIZE = 25;
/** Photos of one part, as the storefront's gallery shows at most. */
export const PART_PHOTOS_MAX = 12;
export const PART_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export const PART_STATUS_VALUES = ['available', 'reserved', 'sold', 'coming_soon'] as const;

const pageQuery = lazySchema(() => z.optional(z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.gte(1, 'Must be 1 or more.'), z.lte(100_000, 'Too large.'))));
/** A field the domain rules check: a number from a select, or text. */
const loose = lazySchema(() => z.optional(z.union([z.number(), z.string().check(z.maxLength(4000, 'Too long.'))])));

export const stockPartSummarySchema = lazySchema(() => z.object({
  id: z.int(),
  tag: z.string(),
  stock_number: z.string(),
  part_type: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.int(),
  oem: z.string(),
  grade: z.string(),
  price_net: z.int(),
  status: z.enum(PART_STATUS_VALUES),
  photos: z.int(),
  /** The card-size picture, or null without one. */
  image: z.nullable(z.string()),
  updated_at: z.string(),
}));
export type StockPartSummary = z.infer<typeof stockPartSummarySchema>;

export const stockPhotoSchema = lazySchema(() => z.object({
  id: z.int(),
  position: z.int(),
  alt: z.string(),
  /** The thumbnail strip's size, for the form's previews. */
  thumb: z.string(),
  gallery: z.string(),
}));

export const stockFitmentSchema = lazySchema(() => z.object({
  model_id: z.int(),
  model: z.string(),
  year_from: z.int(),
  year_to: z.int(),
  engine_code: z.nullable(z.string()),
  level: z.int(),
}));

/** Everything of a part the form edits, and what it takes from its part type. */
export const stockPartSchema = lazySchema(() => z.object({
  id: z.int(),
  tag: z.string(),
  stock_number: z.string(),
  part_type_id: z.int(),
  make_id: z.int(),
  model_id: z.int(),
  year: z.int(),
  engine_code: z.string(),
  description: z.string(),
  oem: z.string(),
  grade: z.string(),
  /** Pounds net as the form shows them ('49.99'). */
  price: z.string(),
  rrp: z.string(),
  likely_match_note: z.string(),
  status: z.enum(PART_STATUS_VALUES),
  fitments: z.array(stockFitmentSchema),
  photos: z.array(stockPhotoSchema),
  /** How the part ships: its own package type, else its part type's. */
  package_type: z.enum(PACKAGE_TYPES),
  /** The part's own package type; null when it ships as its part type does. */
  own_package_type: z.nullable(z.enum(PACKAGE_TYPES)),
  /** The warranties the part offers (its own, else its part type's), the preselected one marked. */
  warranties: z.array(z.object({ id: z.int(), name: z.string(), value: z.int(), is_default: z.boolean() })),
  /** True when the warranties are the part's own choice rather than its part type's. */
  own_warranties: z.boolean(),
  /** The storefront's page of the part. */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
}));
export type StockPart = z.infer<typeof stockPartSchema>;

/** GET /admin/stock/reference.json — what the part form chooses from. */
export const adminStockReference = defineAdminCall('stock.read', {
  method: 'GET',
  path: '/admin/stock/reference.json',
  summary: 'Part types, makes, models and grades for the part form',
  response: success({
    part_types: z.array(z.object({ id: z.int(), name: z.string(), package_type: z.enum(PACKAGE_TYPES), warranties: z.array(z.string()) })),
    makes: z.array(z.object({ id: z.int(), name: z.string() })),
    models: z.array(z.object({ id: z.int(), make_id: z.int(), label: z.string(), year_from: z.int(), year_to: z.nullable(z.int()) })),
    grades: z.array(z.object({ level: z.string(), title: z.string() })),
    /** The shop's warranties, which a part may offer instead of its part type's. */
    warranties: z.array(z.object({ id: z.int(), name: z.string(), value: z.int() })),
  }),
});

/**
 * GET /admin/stock/list.json — parts, newest first, 25 a page. `q` finds a Tag, a stock number or
 * an OEM number (from its start, spaces and dashes ignored); the filters narrow by status, part
 * type, make and model.
 */
export const adminStockList = defineAdminCall('stock.read', {
  method: 'GET',
  path: '/admin/stock/list.json',
  summary: 'Find parts',
  query: z.object({
    q: z.optional(text(60)),
    status: z.optional(z.enum(PART_STATUS_VALUES, 'One of available, reserved, sold, coming_soon.')),
    part_type_id: z.optional(idParam),
    make_id: z.optional(idParam),
    model_id: z.optional(idParam),
    page: pageQuery,
  }),
  response: success({ records: z.array(stockPartSummarySchema), paginator: paginatorSchema }),
});

/** GET /admin/stock/:id — one part with everything the form edits. 404 for no such part. */
export const adminStockPart = defineAdminCall('stock.read', {
  method: 'GET',
  path: '/admin/stock/:id',
  summary: 'A part',
  params: z.object({ id: idParam }),
  response: success({ part: stockPartSchema }),
});

/** The part form's fields (src/domain/stock-entry.ts PartFields, by id). */
export const partBodySchema = lazySchema(() => z.object({
  tag: loose,
  stock_number: loose,
  part_type_id: loose,
  make_id: loose,
  model_id: loose,
  year: loose,
  engine_code: loose,
  description: multiLine(z.optional(z.union([z.number(), z.string().check(z.maxLength(4000, 'Too long.'))]))),
  oem: loose,
  grade: loose,
  price: loose,
  rrp: z.optional(z.nullable(z.union([z.number(), z.string().check(z.maxLength(20, 'Too long.'))]))),
  status: loose,
  likely_match_note: multiLine(z.optional(z.union([z.number(), z.string().check(z.maxLength(4000, 'Too long.'))]))),
  /** One of SPEC §3's package types; empty or absent: the part type's. */
  package_type: z.optional(z.nullable(z.string().check(z.maxLength(40, 'Too long.')))),
  /** Warranty ids the part offers instead of its part type's; empty or absent: the part type's. */
  warranties: z.optional(z.array(z.union([z.number(), z.string().check(z.maxLength(100, 'Too long.'))])).check(z.maxLength(20, 'Too many warranties.'))),
  /** Which of `warranties` is preselected; absent: the first. */
  default_warranty: z.optional(z.nullable(z.union([z.number(), z.string().check(z.maxLength(100, 'Too long.'))]))),
  fitments: z.optional(
    z.array(
      z.object({
        model_id: z.union([z.number(), z.string().check(z.maxLength(100, 'Too long.'))]),
        year_from: z.union([z.number(), z.string().check(z.maxLength(10, 'Too long.'))]),
        year_to: z.union([z.number(), z.string().check(z.maxLength(10, 'Too long.'))]),
        engine_code: z.optional(z.nullable(z.string().check(z.maxLength(40, 'Too long.')))),
        level: z.optional(z.nullable(z.union([z.number(), z.string().check(z.maxLength(2, 'Too long.'))]))),
      }),
    ).check(z.maxLength(50, 'Too many fitments.')),
  ),
}));
export type PartBody = z.infer<typeof partBodySchema>;

/** POST /admin/stock/create — a new part, on sale at once (or coming soon). 422 names each field; a Tag in use is 'tag'. */
export const adminStockCreate = defineAdminCall('stock.manage', {
  method: 'POST',
  path: '/admin/stock/create',
  summary: 'Add a part',
  body: partBodySchema,
  response: success({ msg: z.string(), part: stockPartSchema }),
});

/** POST /admin/stock/:id/update — every field again (the status is changed by /status). */
export const adminStockUpdate = defineAdminCall('stock.manage', {
  method: 'POST',
  path: '/admin/stock/:id/update',
  summary: 'Edit a part',
  params: z.object({ id: idParam }),
  body: partBodySchema,
  response: success({ msg: z.string(), part: stockPartSchema }),
});

/**
 * POST /admin/stock/:id/status — `sold` (sold elsewhere, e.g. over the counter), `withdrawn`
 * (off sale, shown as coming soon) or `for_sale` (back on sale: searchable at once and told to
 * the alerts). 409 for a part held by an unpaid order or already so.
 */
export const adminStockStatus = defineAdminCall('stock.manage', {
  method: 'POST',
  path: '/admin/stock/:id/status',
  summary: 'Mark a part sold, withdrawn or back on sale',
  params: z.object({ id: idParam }),
  body: z.object({ action: z.enum(['sold', 'withdrawn', 'for_sale'], "One of 'sold', 'withdrawn', 'for_sale'.") }),
  response: success({ msg: z.string(), part: stockPartSchema }),
});

/**
 * POST /admin/stock/:id/photos — multipart/form-data, one file part `photos` per photo (at most
 * 12 a part, 10 MB each). JPEG, PNG or WebP by their bytes; each is decoded and re-encoded into
 * every size of SPEC §9 as WebP and JPEG, and added after the part's photos. A file that is not an
 * image or cannot be decoded answers 422 under `photos`, naming the file; nothing is kept then.
 */
export const adminStockPhotosAdd = defineAdminCall('stock.manage', {
  method: 'POST',
  path: '/admin/stock/:id/photos',
  summary: "Add photos to a part (multipart/form-data)",
  params: z.object({ id: idParam }),
  response: success({ msg: z.string(), part: stockPartSchema }),
});

/** POST /admin/stock/:id/photos/order — the part's photo ids in their new order (the first is the main picture). */
export const adminStockPhotosOrder = defineAdminCall('stock.manage', {
  method: 'POST',
  path: '/admin/stock/:id/photos/order',
  summary: "Reorder a part's photos",
  params: z.object({ id: idParam }),
  body: z.object({ ids: z.array(z.int('Must be a number.')).check(z.maxLength(100, 'Too many.')) }),
  response: success({ msg: z.string(), part: stockPartSchema }),
});

/** POST /admin/stock/:id/photos/:photoId/remove — removes one photo. */
export const adminStockPhotoRemove = defineAdminCall('stock.manage', {
  method: 'POST',
  path: '/admin/stock/:id/photos/:photoId/remove',
  summary: "Remove a part's photo",
  params: z.object({ id: idParam, photoId: idParam }),
  response: success({ msg: z.string(), part: stockPartSchema }),
});

export const importProblemSchema = lazySchema(() => z.object({ line: z.int(), field: z.string(), message: z.string() }));

/**
 * POST /admin/stock/import — the CSV file's text (docs/stock-import.md; at most 5,000 rows). Every
 * row is checked; while any is bad nothing is imported and the report lists each problem by line
 * and field, unless `import_good_rows` asks to import the good rows, when the report says how many
 * were imported and which lines were skipped. All or nothing, in one transaction; one audit entry.
 * A file that cannot be read as parts (no header, a missing column) answers 422 under `csv`.
 */
export const adminStockImport = defineAdminCall('stock.manage', {
  method: 'POST',
  path: '/admin/stock/import',
  summary: 'Import parts from a CSV file',
  body: z.object({
    csv: multiLine(z.string().check(z.maxLength(IMPORT_MAX_CHARACTERS, 'The file is too large: at most 5,000 rows (about 900 KB).'))),
    import_good_rows: z.optional(z.boolean()),
  }),
  response: success({
    msg: z.string(),
    report: z.object({
      rows: z.int(),
      good: z.int(),
      imported: z.int(),
      skipped_lines: z.array(z.int()),
      problems: z.array(importProblemSchema),
    }),
  }),
});
