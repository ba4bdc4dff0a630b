/**
 * Whether this build's migrations are all applied to the database: Drizzle's migrator records each
 * applied migration with its journal `when` as created_at, so the newest recorded one must be at
 * least the newest this build carries. One cheap statement, for GET /readyz (plugins/health.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { MIGRATIONS_FOLDER } from './migrate';
import { rowsOf } from './rows';

/** The `when` of the newest migration this build carries (drizzle's journal). */
export function newestMigrationOfBuild(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** True when the database has every migration up to `newest`; throws when the database does not answer. */
export async function migrationsApplied(db: Database, newest: number): Promise<boolean> {
  const [row] = await rowsOf<{ applied: string | number | null }>(db, sql`SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations`);
  return Number(row?.applied ?? 0) >= newest;
}
