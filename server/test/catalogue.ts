/**
 * A seeded catalogue for API tests. Seeding takes a second or two, too slow for every test, so a
 * test file calls useSeededCatalogue() once: its beforeAll resets the worker's database and seeds
 * the catalogue, and the file's tests build their apps with catalogueApp(), which keeps the data.
 * Tests in such a file may add rows (searches, sessions, small fixtures) but must not change the
 * seeded ones, which the other tests of the file read.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import { seedCatalogue } from '../seed/catalogue/index';
import { type TestAppOptions, testApp } from './app';
import { resetDatabase, testDatabase } from './database';

/** Big enough for deep listing pages and for every search limit to bite; seeds in about 2 s. */
export const TEST_CATALOGUE = { parts: 5_000, seed: 1 } as const;

export function useSeededCatalogue(options: { parts: number; seed: number } = TEST_CATALOGUE): void {
  beforeAll(async () => {
    const { db } = await testDatabase();
    await resetDatabase(db);
    await seedCatalogue(db, options);
  });
}

/** The real app on the catalogue seeded by useSeededCatalogue(). */
export function catalogueApp(options: Omit<TestAppOptions, 'reset'> = {}): Promise<FastifyInstance> {
  return testApp({ ...options, reset: false });
}
