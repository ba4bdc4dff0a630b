// Every table has one owner, and only the owner's repositories write it (issue 26). The owner is
// where the table is defined: server/db/schema/<p>.ts holds the tables of server/<p>/ (so
// schema/modules/orders.ts is owned by server/modules/orders), and a write is a Drizzle
// `.insert(table)`, `.update(table)` or `.delete(table)`, or SQL text `INSERT INTO t`, `UPDATE t`,
// `DELETE FROM t` (a name or a `${table}`), in a file under server/ other than tests, the seeder,
// the test helpers and server/db itself. Another module that needs a table changed asks the owner's
// service (its index.ts). WRITES_LEFT lists the writes still made from outside, each with why: the
// test fails when one of them is gone, so the list only shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** A table as the schema defines it: its Drizzle name, its SQL name and the folder that owns it (relative to the project). */
interface Table {
  name: string;
  sqlName: string;
  owner: string;
}

/** A write of a table in a file. */
interface Write {
  file: string;
  table: string;
}

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The tables of the schema files' sources (path relative to server/db/schema → source). */
export function tablesOf(schemaFiles: ReadonlyMap<string, string>): Table[] {
  const tables: Table[] = [];
  for (const [file, source] of schemaFiles) {
    const owner = `server/${file.replace(/\.ts$/, '')}`;
    for (const match of source.matchAll(/^export const (\w+) = pgTable\(\s*'(\w+)'/gm)) tables.push({ name: match[1]!, sqlName: match[2]!, owner });
  }
  return tables;
}

const isRepository = (file: string) => /(^|\/)([a-z0-9-]+-)?repository\.ts$/.test(file);

/** Whether `file` is read for writes at all: server code, not tests (the fault suite's among them), the seeder, the test helpers or the schema and migrations. */
export const inScope = (file: string) =>
  file.startsWith('server/') && !/\.test(-support)?\.ts$/.test(file) && !/^server\/(seed|test|db|faults)\//.test(file);

/** The writes of known tables in one file's source, comments aside. */
export function writesIn(file: string, source: string, tables: readonly Table[]): Write[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const byName = new Map(tables.map((table) => [table.name, table]));
  const bySql = new Map(tables.map((table) => [table.sqlName, table]));
  const found = new Set<string>();
  for (const match of code.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*[,)]/g)) if (byName.has(match[1]!)) found.add(match[1]!);
  for (const match of code.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+(?:"?(\w+)"?|\$\{(\w+)\})/g)) {
    const table = match[1] ? bySql.get(match[1]) : byName.get(match[2]!);
    if (table) found.add(table.name);
  }
  return [...found].map((table) => ({ file, table }));
}

/** The writes made outside the table's owner's repositories. */
export function writesOutsideOwners(sources: ReadonlyMap<string, string>, tables: readonly Table[]): Write[] {
  const owners = new Map(tables.map((table) => [table.name, table.owner]));
  const outside: Write[] = [];
  for (const [file, source] of sources) {
    if (!inScope(file)) continue;
    for (const write of writesIn(file, source, tables)) {
      const owner = owners.get(write.table)!;
      if (!(file.startsWith(`${owner}/`) && isRepository(file))) outside.push(write);
    }
  }
  return outside.sort((a, b) => `${a.file} ${a.table}`.localeCompare(`${b.file} ${b.table}`));
}

/** Writes still made outside the owner, each with why it is still there (none since issue 26's moves). */
const WRITES_LEFT: readonly (Write & { why: string })[] = [];

const key = (write: Write) => `${write.table} written by ${write.file}`;

describe('table owners', () => {
  const schemaFiles = new Map(filesUnder('server/db/schema').map((file) => [file.slice('server/db/schema/'.length), readFileSync(path.join(root, file), 'utf8')]));
  const tables = tablesOf(schemaFiles);
  const sources = new Map(filesUnder('server').map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));

  it('finds every table of the schema, each with an owner folder that exists', () => {
    expect(tables.length).toBeGreaterThan(90);
    expect(new Set(tables.map((table) => table.sqlName)).size).toBe(tables.length);
    const folders = new Set([...sources.keys()].map((file) => path.dirname(file)));
    const missing = [...new Set(tables.map((table) => table.owner))].filter((owner) => ![...folders].some((folder) => folder === owner || folder.startsWith(`${owner}/`)));
    expect(missing).toEqual([]);
  });

  it("has each table written only by its owner's repositories, apart from the writes listed as left", () => {
    const outside = writesOutsideOwners(sources, tables).map(key);
    const left = WRITES_LEFT.map(key);
    expect(outside.filter((write) => !left.includes(write)), 'writes outside the owner').toEqual([]);
    expect(left.filter((write) => !outside.includes(write)), 'writes listed as left that are gone: take them off WRITES_LEFT').toEqual([]);
  });

  describe('the check itself', () => {
    const fixtureTables = tablesOf(
      new Map([
        ['modules/orders.ts', "export const orders = pgTable(\n  'orders',\n  { id: serial('id') },\n);"],
        ['modules/catalogue.ts', "export const parts = pgTable('parts', { tag: text('tag') });"],
      ]),
    );
    it('reads the tables and their owners from where they are defined', () => {
      expect(fixtureTables).toEqual([
        { name: 'orders', sqlName: 'orders', owner: 'server/modules/orders' },
        { name: 'parts', sqlName: 'parts', owner: 'server/modules/catalogue' },
      ]);
    });
    it("fires on a back-office repository, or the owner's service, writing the owner's table", () => {
      const sources = new Map([
        ['server/modules/back-office/sales/repository.ts', 'await db.update(orders).set({ statusId }).where(eq(orders.id, id));'],
        ['server/modules/orders/service.ts', 'await tx.insert(orders).values(values);'],
        ['server/modules/members/account-repository.ts', "await db.delete(orders).where(x);\nawait rowsOf(db, sql`UPDATE parts SET status = 'sold'`);"],
        ['server/modules/back-office/stock/repository.ts', 'await db.execute(sql`DELETE FROM ${parts} WHERE tag = ${tag}`);'],
      ]);
      expect(writesOutsideOwners(sources, fixtureTables)).toEqual([
        { file: 'server/modules/back-office/sales/repository.ts', table: 'orders' },
        { file: 'server/modules/back-office/stock/repository.ts', table: 'parts' },
        { file: 'server/modules/members/account-repository.ts', table: 'orders' },
        { file: 'server/modules/members/account-repository.ts', table: 'parts' },
        { file: 'server/modules/orders/service.ts', table: 'orders' },
      ]);
    });
    it("stays quiet on the owner's repositories, reads, tests, the seeder, comments and other things called delete", () => {
      const sources = new Map([
        ['server/modules/orders/repository.ts', 'await db.update(orders).set({});'],
        ['server/modules/orders/payment-repository.ts', "await rowsOf(db, sql`UPDATE orders SET status_id = 4`);"],
        ['server/modules/catalogue/listing-repository.ts', 'await db.select().from(parts);'],
        ['server/modules/back-office/sales/sales.test.ts', 'await db.update(orders).set({});'],
        ['server/seed/index.ts', 'await db.insert(parts).values(rows);'],
        ['server/faults/backup.fault.ts', "await cluster.query(\"UPDATE parts SET price_net = price_net + 1 WHERE tag = 'P0012001'\", 'shop');"],
        ['server/modules/members/service.ts', '// db.update(orders) happens in the orders module\nconst map = new Map(); map.delete(key);'],
      ]);
      expect(writesOutsideOwners(sources, fixtureTables)).toEqual([]);
    });
  });
});
