/**
 * The generated catalogue: `seedCatalogue(db, { parts, seed })` replaces every catalogue table
 * (server/db/schema/modules/catalogue.ts) with a catalogue of that many parts, the same rows for the same seed.
 * Everything happens in one transaction, so readers see the old catalogue or the new one, never
 * half of either. Parts and what hangs off them are generated and written in batches, so a
 * million parts never sit in memory at once.
 */
import { getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  attributeGroups,
  attributeValues,
  badges,
  categories,
  categoryInfo,
  categoryPartCounts,
  categoryPartTypes,
  contentPages,
  fitments,
  gradings,
  makes,
  manufacturers,
  models,
  partAttributeValues,
  partBadges,
  partImages,
  partPhotoFiles,
  parts,
  partTypes,
  partTypeWarranties,
  partWarranties,
  priceHistory,
  registrations,
  reviews,
  searches,
  vehicleProductImages,
  vehicleProducts,
  vehicleProductTabs,
  warranties,
} from '../../db/schema';
import { PART_TYPE_SEEDS, seedPartTypes } from '../part-types';
import { insertRows, withoutIndexes } from './bulk';
import { categoryInfoRows } from './category-info';
import { DEMO_PARTS, demoParts } from './demo';
import { generateParts } from './generated-parts';
import { MAX_GENERATED_PARTS } from './identifiers';
import type { PartBundle } from './listing';
import { partTypeMix } from './part-type-mix';
import { registrationRows } from './registrations';
import { seedReference } from './reference';
import { vehicleProductRows } from './vehicle-products';

export interface CatalogueOptions {
  /** Parts in all, the fixed demo parts included (there are always at least those). */
  readonly parts: number;
  /** Same seed, same catalogue. */
  readonly seed: number;
}

export const DEFAULT_CATALOGUE: CatalogueOptions = { parts: 20_000, seed: 1 };

export interface CatalogueSummary {
  readonly parts: number;
  readonly demoParts: number;
  readonly partImages: number;
  readonly fitments: number;
  readonly partBadges: number;
  readonly partAttributeValues: number;
  readonly priceHistory: number;
  readonly reviews: number;
  readonly registrations: number;
  readonly categoryInfo: number;
  readonly vehicleProducts: number;
}

/** Parts per batch: each batch's rows (about 15,000 across the tables) go in one INSERT per table. */
const PARTS_PER_BATCH = 5_000;

/** The tables the parts stream fills: loaded with their secondary indexes and foreign keys dropped. */
// part_photo_files only for its foreign key to part_images, dropped and rebuilt with their key.
const BULK_TABLES = [parts, partImages, partPhotoFiles, partWarranties, fitments, partBadges, partAttributeValues, priceHistory, reviews];

// The catalogue's tables, the static pages' texts that came with it (content_pages) and the photos
// and warranties staff chose, which hang off parts.
const CATALOGUE_TABLES: readonly PgTable[] = [
  makes, models, registrations, parts, categoryPartCounts, partImages, fitments, priceHistory, categories, categoryPartTypes, badges, partBadges,
  attributeGroups, attributeValues, partAttributeValues, warranties, partTypeWarranties, gradings, contentPages, categoryInfo, reviews,
  manufacturers, vehicleProducts, vehicleProductImages, vehicleProductTabs, searches, partPhotoFiles, partWarranties,
];

export class CatalogueOptionsError extends Error {}

function checkOptions({ parts: count, seed }: CatalogueOptions): void {
  if (!Number.isInteger(count) || count < 0 || count > MAX_GENERATED_PARTS) {
    throw new CatalogueOptionsError(`parts must be a whole number from 0 to ${MAX_GENERATED_PARTS}`);
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new CatalogueOptionsError('seed must be a whole number from 0 to 4294967295');
}

/**
 * Empties every catalogue table. Without CASCADE: should a table outside the catalogue (an order
 * line, say) point at a part, this fails rather than silently emptying that table too.
 */
async function truncateCatalogue(db: Database): Promise<void> {
  const names = CATALOGUE_TABLES.map((table) => `"${getTableName(table)}"`).join(', ');
  await db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY`));
}

/** Rows inserted with their own ids leave the serial sequence behind: move it past them. */
async function resetSequences(db: Database): Promise<void> {
  for (const table of CATALOGUE_TABLES) {
    if (getTableColumns(table)['id']?.getSQLType() !== 'serial') continue;
    const name = getTableName(table);
    await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM "${name}"`));
  }
}

interface Batch {
  parts: PartBundle['part'][];
  images: PartBundle['images'];
  fitments: PartBundle['fitments'];
  badges: PartBundle['badges'];
  attributeValues: PartBundle['attributeValues'];
  priceHistory: PartBundle['priceHistory'];
  reviews: PartBundle['reviews'];
}

const emptyBatch = (): Batch => ({ parts: [], images: [], fitments: [], badges: [], attributeValues: [], priceHistory: [], reviews: [] });

type Counts = Pick<
  CatalogueSummary,
  'parts' | 'partImages' | 'fitments' | 'partBadges' | 'partAttributeValues' | 'priceHistory' | 'reviews'
>;

/** How often generation pauses to let the database connection send and receive. */
const PARTS_PER_PAUSE = 250;

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes the parts stream batch by batch; returns how many rows each table got and the parts per
 * model. A batch is written while the next one is generated: on PostgreSQL the server inserts on
 * one core while this process builds rows on the other.
 */
async function loadParts(db: Database, bundles: Iterable<PartBundle>): Promise<{ counts: Counts; partsPerModel: Map<number, number> }> {
  const counts = { parts: 0, partImages: 0, fitments: 0, partBadges: 0, partAttributeValues: 0, priceHistory: 0, reviews: 0 };
  const partsPerModel = new Map<number, number>();
  const write = async (batch: Batch) => {
    await insertRows(db, parts, batch.parts);
    await insertRows(db, partImages, batch.images);
    await insertRows(db, fitments, batch.fitments);
    await insertRows(db, partBadges, batch.badges);
    await insertRows(db, partAttributeValues, batch.attributeValues);
    await insertRows(db, priceHistory, batch.priceHistory);
    await insertRows(db, reviews, batch.reviews);
    counts.parts += batch.parts.length;
    counts.partImages += batch.images.length;
    counts.fitments += batch.fitments.length;
    counts.partBadges += batch.badges.length;
    counts.partAttributeValues += batch.attributeValues.length;
    counts.priceHistory += batch.priceHistory.length;
    counts.reviews += batch.reviews.length;
  };
  let writing: Promise<void> = Promise.resolve();
  let batch = emptyBatch();
  for (const bundle of bundles) {
    batch.parts.push(bundle.part);
    batch.images.push(...bundle.images);
    batch.fitments.push(...bundle.fitments);
    batch.badges.push(...bundle.badges);
    batch.attributeValues.push(...bundle.attributeValues);
    batch.priceHistory.push(...bundle.priceHistory);
    batch.reviews.push(...bundle.reviews);
    partsPerModel.set(bundle.part.modelId, (partsPerModel.get(bundle.part.modelId) ?? 0) + 1);
    if (batch.parts.length % PARTS_PER_PAUSE === 0) await pause();
    if (batch.parts.length >= PARTS_PER_BATCH) {
      await writing;
      writing = write(batch);
      // Handled when awaited before the next batch; this only stops Node calling it unhandled meanwhile.
      writing.catch(() => undefined);
      batch = emptyBatch();
    }
  }
  await writing;
  await write(batch);
  return { counts, partsPerModel };
}

function* allParts(demo: readonly PartBundle[], generated: Iterable<PartBundle>): Generator<PartBundle> {
  yield* demo;
  yield* generated;
}

/** Replaces the catalogue with a generated one of `options.parts` parts; returns the row counts. */
export async function seedCatalogue(db: Database, options: CatalogueOptions = DEFAULT_CATALOGUE): Promise<CatalogueSummary> {
  checkOptions(options);
  const { seed } = options;
  const summary = await db.transaction(async (tx) => {
    await truncateCatalogue(tx);
    await seedPartTypes(tx);
    const seededNames = PART_TYPE_SEEDS.map(([name]) => name);
    const typeRows = await tx.select().from(partTypes).where(inArray(partTypes.name, seededNames)).orderBy(partTypes.id);
    const mix = partTypeMix(typeRows);
    await seedReference(tx, mix.profiles);

    const registrationList = registrationRows(seed, options.parts);
    await insertRows(tx, registrations, registrationList);

    const demo = demoParts(new Map(mix.profiles.map((profile) => [profile.name, profile])));
    const generated = generateParts({ seed, count: Math.max(0, options.parts - demo.length), firstId: demo.length + 1, mix });
    const { counts, partsPerModel } = await withoutIndexes(tx, BULK_TABLES, () => loadParts(tx, allParts(demo, generated)));

    const info = categoryInfoRows(seed, mix.profiles, partsPerModel);
    await insertRows(tx, categoryInfo, info);

    const vehicles = vehicleProductRows(seed);
    await insertRows(tx, vehicleProducts, vehicles.products);
    await insertRows(tx, vehicleProductImages, vehicles.images);
    await insertRows(tx, vehicleProductTabs, vehicles.tabs);
    await insertRows(tx, priceHistory, vehicles.priceHistory);
    await insertRows(tx, reviews, vehicles.reviews);

    await resetSequences(tx);
    return {
      ...counts,
      demoParts: DEMO_PARTS.length,
      priceHistory: counts.priceHistory + vehicles.priceHistory.length,
      reviews: counts.reviews + vehicles.reviews.length,
      registrations: registrationList.length,
      categoryInfo: info.length,
      vehicleProducts: vehicles.products.filter((product) => product.parentId === null).length,
    };
  });
  // Fresh statistics for the planner, and the visibility map set so index-only scans work at once.
  await db.execute(sql.raw(`VACUUM (ANALYZE) ${CATALOGUE_TABLES.map((table) => `"${getTableName(table)}"`).join(', ')}`));
  return summary;
}
