/**
 * Bulk loading for the seed. Rows go in thousands per INSERT as one JSON parameter unpacked by
 * json_to_recordset: one parameter whatever the row count (PostgreSQL allows 65,535), and the same
 * SQL through node-postgres and PGlite. Around the big load the indexes, keys and foreign keys are
 * dropped and made again: building an index once, and checking a foreign key with one query, is
 * several times faster than doing either row by row.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';

/** Both drivers answer db.execute with { rows }, though their result types differ. */
async function queryRows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** json_to_recordset needs a plain type: a serial column is an integer once it exists. */
function recordType(sqlType: string): string {
  const plain: Readonly<Record<string, string>> = { serial: 'integer', smallserial: 'smallint', bigserial: 'bigint' };
  return plain[sqlType] ?? sqlType;
}

/**
 * Inserts rows given by their Drizzle property names. Every row of one call names the same
 * properties (those of the first row); a column none of them names takes its default.
 */
export async function insertRows<T extends PgTable>(db: Database, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = getTableColumns(table) as Record<string, T['_']['columns'][string]>;
  const keys = Object.keys(first).filter((key) => columns[key] !== undefined);
  const target = keys.map((key) => `"${columns[key]?.name}"`).join(', ');
  const record = keys.map((key) => `"${key}" ${recordType(columns[key]?.getSQLType() ?? 'text')}`).join(', ');
  const values = keys.map((key) => `"${key}"`).join(', ');
  await db.execute(
    sql`INSERT INTO ${table} (${sql.raw(target)}) SELECT ${sql.raw(values)} FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(${sql.raw(record)})`,
  );
}

interface Rebuild {
  readonly drop: string;
  readonly create: string;
}

/**
 * Runs `load` with the indexes, keys and foreign keys of `tables` dropped, then recreates them from
 * their own definitions (so one added by a later migration comes back too): keys and indexes are
 * built once from sorted data instead of row by row, and each foreign key is checked with one
 * query. Must run inside the caller's transaction: a failure then leaves everything in place.
 */
export async function withoutIndexes<R>(db: Database, tables: readonly PgTable[], load: () => Promise<R>): Promise<R> {
  const names = sql.raw(tables.map((table) => `'"${getTableName(table)}"'`).join(', '));
  const constraints = await queryRows<Rebuild & { foreign: boolean }>(
    db,
    sql`SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname) AS "drop",
               format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) AS "create",
               contype = 'f' AS "foreign"
        FROM pg_constraint
        WHERE contype IN ('p', 'u', 'f') AND conrelid = ANY(ARRAY[${names}]::regclass[])
        ORDER BY conname`,
  );
  const indexes = await queryRows<Rebuild>(
    db,
    sql`SELECT format('DROP INDEX %s', i.indexrelid::regclass) AS "drop", pg_get_indexdef(i.indexrelid) AS "create"
        FROM pg_index i
        WHERE i.indrelid = ANY(ARRAY[${names}]::regclass[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
        ORDER BY 1`,
  );
  const foreignKeys = constraints.filter((constraint) => constraint.foreign);
  const keys = constraints.filter((constraint) => !constraint.foreign);
  const run = async (statements: readonly string[]) => {
    for (const statement of statements) await db.execute(sql.raw(statement));
  };
  // Foreign keys first and last: they depend on the keys they point at.
  await run([...foreignKeys, ...keys, ...indexes].map((rebuild) => rebuild.drop));
  const result = await load();
  // Index builds sort in memory up to this limit, then spill to disk.
  await db.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
  await run([...keys, ...indexes].map((rebuild) => rebuild.create));
  await run(foreignKeys.map((rebuild) => rebuild.create));
  return result;
}
