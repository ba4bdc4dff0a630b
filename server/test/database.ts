/**
 * The API tests' database. Each test worker gets one migrated database: in-memory PGlite by
 * default or, when TEST_DATABASE_URL is set, its own PostgreSQL database named after that URL's
 * with a _w<pool id> suffix (dropped and created afresh). resetDatabase() empties it between tests.
 */
import { createHash } from 'node:crypto';
import { existsSync, openAsBlob, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../db/migrate';
import { seedPartTypes } from '../seed/part-types';

let workerDatabase: Promise<DatabaseHandle> | undefined;

async function createPostgresDatabase(baseUrl: string): Promise<string> {
  const url = new URL(baseUrl);
  // The fault suite runs beside the API suite in CI and uses this too: its own prefix (vitest.config.ts)
  // keeps it from dropping the API suite's database under it.
  const name = `${url.pathname.slice(1)}_${process.env.TEST_DATABASE_PREFIX ?? 'w'}${process.env.VITEST_POOL_ID ?? '1'}`;
  if (!/^\w+$/.test(name)) throw new Error(`TEST_DATABASE_URL names a database that cannot be suffixed: ${name}`);
  const maintenance = new URL(baseUrl);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    // A test database is thrown away: its commits need not wait for the disk (most tests are
    // dozens of small transactions).
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new in-memory PGlite runs initdb, which takes seconds; so the first worker dumps a migrated
 * cluster to the temp folder (one file per set of migrations) and every worker starts from it.
 */
async function openMigratedPglite(): Promise<DatabaseHandle> {
  const migrations = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('_journal.json')) migrations.update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  const dumpFile = path.join(os.tmpdir(), `shop-test-pglite-${migrations.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(dumpFile)) {
    try {
      return await openDatabase({ pgliteDump: await openAsBlob(dumpFile) });
    } catch {
      // Dumped by another PGlite version: make a new one below.
      rmSync(dumpFile, { force: true });
    }
  }

  const handle = await openDatabase({});
  await migrateDatabase(handle);
  if (handle.driver === 'pglite') {
    const dump = await handle.client.dumpDataDir('none');
    // Written aside and renamed, so a worker starting meanwhile never reads half a file.
    const partial = `${dumpFile}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, dumpFile);
  }
  return handle;
}

/** This worker's migrated database, created on first use. */
export function testDatabase(): Promise<DatabaseHandle> {
  workerDatabase ??= (async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) return openMigratedPglite();
    const handle = await openDatabase({ url: await createPostgresDatabase(baseUrl), allowExitOnIdle: true });
    await migrateDatabase(handle);
    return handle;
  })();
  return workerDatabase;
}

/** The public tables, read once per worker (the migrations do not change during a run). */
let publicTables: Promise<string[]> | undefined;

async function rows<Row>(db: Database, query: ReturnType<typeof sql.raw>): Promise<Row[]> {
  // Both drivers answer with { rows }, though their result types differ.
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** part_types as seedPartTypes left it at the last reset: its rows and its sequence. */
let seededPartTypes: string | undefined;

async function partTypesFingerprint(db: Database): Promise<string> {
  const [row] = await rows<{ fingerprint: string }>(
    db,
    sql.raw(
      `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t.id), '')) || ':' || (SELECT coalesce(last_value, 0) FROM pg_sequences WHERE format('%I.%I', schemaname, sequencename) = pg_get_serial_sequence('public.part_types', 'id')) AS fingerprint FROM part_types t`,
    ),
  );
  return row?.fingerprint ?? '';
}

/**
 * Empties every table (the migrations journal lives in its own schema), restarts every sequence
 * and seeds part types: the database as a fresh migrate and seed leave it. Only the tables holding
 * rows are truncated and only the sequences that moved are restarted, and part types a test left
 * as seeded stay: a TRUNCATE of every table cost some 150 ms per test, most of it on tables the
 * test never touched.
 */
export async function resetDatabase(db: Database): Promise<void> {
  publicTables ??= rows<{ tablename: string }>(db, sql.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).then((found) =>
    found.map((row) => row.tablename),
  );
  const keepPartTypes = seededPartTypes !== undefined && (await partTypesFingerprint(db)) === seededPartTypes;
  const tables = (await publicTables).filter((table) => !(keepPartTypes && table === 'part_types'));
  if (tables.length > 0) {
    const filled = await rows<{ name: string }>(
      db,
      sql.raw(tables.map((table) => `SELECT '${table}' AS name WHERE EXISTS (SELECT 1 FROM "${table}")`).join(' UNION ALL ')),
    );
    // CASCADE reaches the tables that point at these, never part_types, which points at none.
    if (filled.length > 0) await db.execute(sql.raw(`TRUNCATE ${filled.map((row) => `"${row.name}"`).join(', ')} RESTART IDENTITY CASCADE`));
  }
  // A row inserted and rolled back (or deleted) leaves its table empty but its sequence moved on.
  const moved = await rows<{ name: string }>(
    db,
    sql.raw(
      `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL${keepPartTypes ? ` AND format('%I.%I', schemaname, sequencename) IS DISTINCT FROM pg_get_serial_sequence('public.part_types', 'id')` : ''}`,
    ),
  );
  for (const sequence of moved) await db.execute(sql.raw(`ALTER SEQUENCE ${sequence.name} RESTART`));
  if (!keepPartTypes) {
    await seedPartTypes(db);
    seededPartTypes = await partTypesFingerprint(db);
  }
}
