// The journeys' database on PostgreSQL: with TEST_DATABASE_URL set (as in CI), Playwright's shop
// runs on a fresh database named after it (`<name>_e2e<port>`), made here before the shop starts;
// the shop migrates and seeds it as it does an empty embedded one. Without it the journeys run on
// embedded PGlite in E2E_DATA_DIR and this does nothing.
//
// Why PostgreSQL when there is one: embedded PGlite answers every query on the shop's own event
// loop, so with two browsers at once the server waited on its own database (docs/performance.md).
import pg from 'pg';

const url = process.argv[2];
if (!url) process.exit(0);
const target = new URL(url);
const name = target.pathname.slice(1);
if (!/^\w+$/.test(name)) throw new Error(`Not a database name to make: ${name}`);
const maintenance = new URL(url);
maintenance.pathname = '/postgres';
const admin = new pg.Client({ connectionString: maintenance.toString() });
await admin.connect();
try {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  // A journey's database is thrown away: its commits need not wait for the disk.
  await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
} finally {
  await admin.end();
}
