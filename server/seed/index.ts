/**
 * Demo data. Each seeder is idempotent (it upserts), runs in the order listed, and may rely on the
 * ones before it; later issues append theirs (makes and models, parts, warranties…).
 */
import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { partTypes } from '../db/schema';
import { seedPartTypes } from './part-types';

interface Seeder {
  name: string;
  run(db: Database): Promise<void>;
}

const SEEDERS: readonly Seeder[] = [{ name: 'part types', run: seedPartTypes }];

/** Runs every seeder; returns the names of what it filled. */
export async function seed(db: Database): Promise<string[]> {
  for (const seeder of SEEDERS) await seeder.run(db);
  return SEEDERS.map((seeder) => seeder.name);
}

/** The first start of an empty database seeds it; later starts skip this with one cheap count. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(partTypes);
  if ((row?.total ?? 0) > 0) return false;
  await seed(db);
  return true;
}
