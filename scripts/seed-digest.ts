/**
 * Seeds a fresh in-memory database with the demo data and prints each table's row count and a
 * digest of its rows, so a change to the seed or its data files can be checked for what it changes
 * (run before and after, then diff). Columns ending in _at are left out: some take the clock.
 *
 *   npx tsx scripts/seed-digest.ts [parts=2000] [seed=1]
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { rowsOf } from '../server/db/rows';
import { seed } from '../server/seed/index';

const [parts = '2000', seedNumber = '1'] = process.argv.slice(2);
const handle = await openDatabase({});
await migrateDatabase(handle);
await seed(handle.db, { parts: Number(parts), seed: Number(seedNumber), replace: true });
const tables = await rowsOf<{ tablename: string }>(handle.db, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
for (const { tablename } of tables) {
  const rows = await rowsOf<Record<string, unknown>>(handle.db, sql.raw(`SELECT * FROM "${tablename}"`));
  const lines = rows
    .map((row) => JSON.stringify(Object.entries(row).filter(([column, value]) => !(value instanceof Date) && !column.endsWith('_at')).sort(([a], [b]) => a.localeCompare(b))))
    .sort();
  process.stdout.write(`${tablename.padEnd(32)} ${String(rows.length).padStart(8)}  ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}\n`);
}
await handle.close();
