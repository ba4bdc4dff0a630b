// api-suite: both engines (seeding at start on either engine)
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PACKAGE_TYPES, parts, partTypes } from '../db/schema';
import { resetDatabase, testDatabase } from '../test/database';
import { seed, seedIfEmpty } from './index';
import { PART_TYPE_SEEDS } from './part-types';

describe('part type seed', () => {
  it('has at least 150 distinct part types, each with a known package type', () => {
    expect(PART_TYPE_SEEDS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(PART_TYPE_SEEDS.map(([name]) => name)).size).toBe(PART_TYPE_SEEDS.length);
    expect(new Set(PART_TYPE_SEEDS.map(([, externalName]) => externalName)).size).toBe(PART_TYPE_SEEDS.length);
    for (const [name, externalName, , packageType] of PART_TYPE_SEEDS) {
      expect(externalName, name).toMatch(/^([A-Z0-9]+(_[A-Z0-9]+)*|\[.+\])$/);
      expect(PACKAGE_TYPES).toContain(packageType);
    }
  });

  it('can run again without changing anything', async () => {
    const { db } = await testDatabase();
    await resetDatabase(db);
    const before = await db.select().from(partTypes).orderBy(partTypes.id);

    await seed(db, { parts: 0, seed: 1, replace: false });

    expect(await db.select().from(partTypes).orderBy(partTypes.id)).toEqual(before);
  });

  it('fills an empty database at start, and leaves a seeded one alone', async () => {
    const { db } = await testDatabase();
    await resetDatabase(db);
    await db.delete(partTypes);

    expect(await seedIfEmpty(db, { parts: 100, seed: 1 })).toBe(true);
    expect((await db.select({ total: count() }).from(partTypes))[0]?.total).toBe(PART_TYPE_SEEDS.length);
    expect(await db.$count(parts)).toBe(100);

    expect(await seedIfEmpty(db, { parts: 200, seed: 1 })).toBe(false);
    expect(await db.$count(parts)).toBe(100);
  });
});
