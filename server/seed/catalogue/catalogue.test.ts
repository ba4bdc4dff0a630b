// api-suite: both engines (the seeded catalogue must be the same on both engines)
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  categoryPartTypes,
  fitments,
  makes,
  models,
  partImages,
  parts,
  partTypes,
  priceHistory,
  registrations,
  vehicleProducts,
} from '../../db/schema';
import { resetDatabase, testDatabase } from '../../test/database';
import { partNumberKey } from '../../../src/domain/validation';
import { oemStyleOf } from '../data/oem-styles';
import { CATALOGUE_DATE, daysBefore } from './dates';
import { DEMO_PARTS } from './demo';
import { seedCatalogue } from './index';
import { VEHICLE_PRODUCT_COUNT } from './vehicle-products';

const SMALL = { parts: 600, seed: 1 };

async function tagsAndPrices(db: Database) {
  return db.select({ tag: parts.tag, priceNet: parts.priceNet, oem: parts.oem }).from(parts).orderBy(asc(parts.id));
}

async function scalar(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(query);
  const [row] = (result as unknown as { rows: { value: number | string }[] }).rows;
  return Number(row?.value);
}

describe('catalogue seed', () => {
  let db: Database;

  beforeAll(async () => {
    ({ db } = await testDatabase());
    await resetDatabase(db);
  });

  it('is the same for the same seed and different for another', async () => {
    await seedCatalogue(db, SMALL);
    const first = await tagsAndPrices(db);
    await seedCatalogue(db, SMALL);
    const again = await tagsAndPrices(db);
    await seedCatalogue(db, { ...SMALL, seed: 2 });
    const other = await tagsAndPrices(db);

    expect(first).toHaveLength(SMALL.parts);
    expect(again).toEqual(first);
    // The demo parts stay; the generated ones change with the seed.
    expect(other.slice(0, DEMO_PARTS.length)).toEqual(first.slice(0, DEMO_PARTS.length));
    const firstTags = new Set(first.slice(DEMO_PARTS.length).map((part) => part.tag));
    expect(other.slice(DEMO_PARTS.length).filter((part) => firstTags.has(part.tag)).length).toBeLessThan(5);
  });

  describe('a small catalogue', () => {
    beforeAll(async () => {
      await seedCatalogue(db, SMALL);
    });

    it('has the demo registrations, and no ZZ99 ZZZ', async () => {
      const rows = await db
        .select({
          vrn: registrations.vrn,
          make: makes.name,
          model: models.name,
          generation: models.generation,
          year: registrations.year,
          style: registrations.style,
          transmission: registrations.transmission,
          gears: registrations.gears,
          engineCode: registrations.engineCode,
        })
        .from(registrations)
        .innerJoin(makes, eq(makes.id, registrations.makeId))
        .leftJoin(models, eq(models.id, registrations.modelId))
        .where(sql`${registrations.vrn} IN ('AB12CDE', 'WP66KLM', 'YX19RTA', 'LM70HZY', 'ZZ99ZZZ')`)
        .orderBy(registrations.vrn);
      expect(rows).toEqual([
        {
          vrn: 'AB12CDE',
          make: 'Ford',
          model: 'Focus',
          generation: 'Mk3',
          year: 2012,
          style: 'Hatchback',
          transmission: 'Manual',
          gears: 6,
          engineCode: 'T1DA',
        },
        {
          vrn: 'LM70HZY',
          make: 'BMW',
          model: null,
          generation: null,
          year: 2020,
          style: '',
          transmission: '',
          gears: null,
          engineCode: '',
        },
        {
          vrn: 'WP66KLM',
          make: 'Volkswagen',
          model: 'Golf',
          generation: 'Mk7',
          year: 2016,
          style: 'Hatchback',
          transmission: 'Manual',
          gears: 6,
          engineCode: 'CRBC',
        },
        {
          vrn: 'YX19RTA',
          make: 'Vauxhall',
          model: 'Corsa',
          generation: 'E',
          year: 2019,
          style: 'Hatchback',
          transmission: 'Manual',
          gears: 5,
          engineCode: 'B14XEL',
        },
      ]);
      expect(await db.$count(registrations)).toBeGreaterThanOrEqual(3_000);
    });

    it.each(['AB12CDE', 'WP66KLM', 'YX19RTA'])(
      'gives %s exact-fitting alternators, starters, headlights and mirrors, available, sold and coming soon',
      async (vrn) => {
        const [car] = await db.select().from(registrations).where(eq(registrations.vrn, vrn));
        if (car?.modelId == null) throw new Error(`${vrn} has no model`);
        const fitting = await db
          .select({ type: partTypes.name, status: parts.status, tag: parts.tag })
          .from(fitments)
          .innerJoin(parts, eq(parts.id, fitments.partId))
          .innerJoin(partTypes, eq(partTypes.id, fitments.partTypeId))
          .where(
            and(
              eq(fitments.modelId, car.modelId),
              lte(fitments.yearFrom, car.year),
              gte(fitments.yearTo, car.year),
              eq(fitments.engineCode, car.engineCode),
              eq(fitments.level, 1),
            ),
          );
        const kinds = (status: string) =>
          new Set(fitting.filter((part) => part.status === status).map((part) => part.type.replace(/ \((Left|Right)\)$/, '')));
        const common = ['Alternator', 'Starter Motor', 'Headlight', 'Door Mirror'];
        for (const type of common) expect(kinds('available').has(type), type).toBe(true);
        expect([...kinds('sold')].some((type) => common.includes(type))).toBe(true);
        expect([...kinds('coming_soon')].some((type) => common.includes(type))).toBe(true);
      },
    );

    it('gives LM70 HZY, a BMW of 2020, available parts on several BMW models', async () => {
      const rows = await db
        .selectDistinct({ modelId: fitments.modelId })
        .from(fitments)
        .innerJoin(parts, eq(parts.id, fitments.partId))
        .innerJoin(makes, eq(makes.id, parts.makeId))
        .where(and(eq(makes.name, 'BMW'), eq(parts.status, 'available'), lte(fitments.yearFrom, 2020), gte(fitments.yearTo, 2020)));
      expect(rows.length).toBeGreaterThanOrEqual(3);
    });

    it('keeps the documented demo parts: Tag, OEM, status and a level-1 fitment', async () => {
      const rows = await db
        .select({ tag: parts.tag, oem: parts.oem, status: parts.status, type: partTypes.name, level: sql<number>`min(${fitments.level})` })
        .from(parts)
        .innerJoin(partTypes, eq(partTypes.id, parts.partTypeId))
        .innerJoin(fitments, eq(fitments.partId, parts.id))
        .where(sql`${parts.tag} LIKE 'P00%'`)
        .groupBy(parts.tag, parts.oem, parts.status, partTypes.name)
        .orderBy(parts.tag);
      expect(rows).toEqual(
        [...DEMO_PARTS]
          .sort((a, b) => a.tag.localeCompare(b.tag))
          .map((demo) => ({ tag: demo.tag, oem: demo.oem, status: demo.status, type: demo.partType, level: 1 })),
      );
    });

    it('gives every part a photo, a fitment, a normalised OEM, a positive price and its type’s category', async () => {
      const all = await db.select().from(parts);
      expect(all).toHaveLength(SMALL.parts);
      const makeNames = new Map((await db.select().from(makes)).map((make) => [make.id, make.name]));
      for (const part of all) {
        expect(part.oem, part.tag).toMatch(oemStyleOf(makeNames.get(part.makeId) ?? '').pattern);
        expect(part.oemNormalised).toBe(partNumberKey(part.oem));
        expect(part.priceNet).toBeGreaterThan(0);
        if (part.priceOldNet !== null) expect(part.priceOldNet).toBeGreaterThan(part.priceNet);
        if (part.rrpNet !== null) expect(part.rrpNet).toBeGreaterThan(part.priceNet);
        expect(part.stockQuantity).toBe(part.status === 'available' ? 1 : 0);
        expect(part.additionalInfo.map((info) => info.Title)).toEqual(['Fits', 'Make', 'Model', 'OEM']);
        expect(part.createdAt.getTime()).toBeLessThanOrEqual(CATALOGUE_DATE.getTime());
        expect(part.createdAt.getTime()).toBeGreaterThan(daysBefore(CATALOGUE_DATE, 560).getTime());
      }
      expect(new Set(all.map((part) => part.tag)).size).toBe(all.length);
      expect(
        await scalar(db, sql`SELECT count(*) AS value FROM parts p WHERE NOT EXISTS (SELECT 1 FROM part_images i WHERE i.part_id = p.id)`),
      ).toBe(0);
      expect(
        await scalar(db, sql`SELECT count(*) AS value FROM parts p WHERE NOT EXISTS (SELECT 1 FROM fitments f WHERE f.part_id = p.id)`),
      ).toBe(0);
      expect(
        await scalar(
          db,
          sql`SELECT count(*) AS value FROM parts p WHERE NOT EXISTS (SELECT 1 FROM category_part_types c WHERE c.part_type_id = p.part_type_id AND c.category_id = p.category_id)`,
        ),
      ).toBe(0);
      expect(await db.$count(categoryPartTypes)).toBe(await db.$count(partTypes));
      const photos = await db.select({ partId: partImages.partId, seed: partImages.drawingSeed }).from(partImages);
      expect(new Set(photos.map((photo) => photo.seed)).size).toBe(photos.length);
    });

    it('has statuses, badges, attributes and reviews in proportion', async () => {
      const share = async (where: ReturnType<typeof sql>) =>
        (await scalar(db, sql`SELECT count(*) AS value FROM parts WHERE ${where}`)) / SMALL.parts;
      expect(await share(sql`status = 'available'`)).toBeGreaterThan(0.78);
      expect(await share(sql`status = 'available'`)).toBeLessThan(0.92);
      expect(await share(sql`status = 'sold'`)).toBeGreaterThan(0.03);
      expect(await share(sql`status = 'coming_soon'`)).toBeGreaterThan(0.01);
      expect(await share(sql`status = 'reserved'`)).toBeGreaterThan(0.005);
      expect(await share(sql`price_old_net IS NOT NULL`)).toBeGreaterThan(0.02);
      expect(await share(sql`EXISTS (SELECT 1 FROM part_badges b WHERE b.part_id = parts.id)`)).toBeGreaterThan(0.08);
      expect(await share(sql`EXISTS (SELECT 1 FROM part_attribute_values a WHERE a.part_id = parts.id)`)).toBeGreaterThan(0.5);
      expect(await share(sql`EXISTS (SELECT 1 FROM reviews r WHERE r.part_id = parts.id)`)).toBeGreaterThan(0.005);
      expect(await db.$count(vehicleProducts, sql`${vehicleProducts.parentId} IS NULL`)).toBe(VEHICLE_PRODUCT_COUNT);
    });

    it('keeps the price history of a discount: the price before it and the 30 days before that', async () => {
      const discounted = await db
        .select()
        .from(parts)
        .where(sql`${parts.priceOldNet} IS NOT NULL`);
      expect(discounted.length).toBeGreaterThan(0);
      for (const part of discounted) {
        const history = await db.select().from(priceHistory).where(eq(priceHistory.partId, part.id)).orderBy(priceHistory.validFrom);
        const last = history.at(-1);
        expect(last?.priceNet).toBe(part.priceNet);
        const discountFrom = last?.validFrom ?? CATALOGUE_DATE;
        const before = history.filter((entry) => entry.validFrom < discountFrom);
        expect(before.some((entry) => entry.priceNet === part.priceOldNet)).toBe(true);
        // Some price was already in force 30 days before the discount, so the lowest of those days is known.
        expect(before[0]?.validFrom.getTime()).toBeLessThanOrEqual(daysBefore(discountFrom, 30).getTime());
      }
    });
  });
});
