/**
 * Whether the database holds the demo data, answered by two counts with none of the seeder's
 * code or data files loaded: a start on a seeded database (every start but the first) skips them.
 */
import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deletionReasons, jobCategories, makes, regions } from '../db/schema';

/** The catalogue's makes come first and go last, so no makes means no catalogue. */
export async function hasCatalogue(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(makes);
  return (row?.total ?? 0) > 0;
}

/** The checkout's reference data is there when the regions are (they come after countries and groups). */
export async function hasCheckoutReference(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(regions);
  return (row?.total ?? 0) > 0;
}

/** The member accounts' reference data is there when the deletion reasons are (seeded with the sign-up texts). */
export async function hasAccountsReference(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(deletionReasons);
  return (row?.total ?? 0) > 0;
}

/** The jobs section, blog and static pages are there when the job categories are (a database seeded before them has none). */
export async function hasContent(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(jobCategories);
  return (row?.total ?? 0) > 0;
}

/** True when seedIfEmpty (./index) has something to do. */
export async function needsSeeding(db: Database): Promise<boolean> {
  return !(await hasCatalogue(db)) || !(await hasCheckoutReference(db)) || !(await hasAccountsReference(db)) || !(await hasContent(db));
}
