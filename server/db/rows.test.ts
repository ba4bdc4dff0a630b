// On PostgreSQL (TEST_DATABASE_URL, as in CI): named statements are node-postgres'. On PGlite
// namedRowsOf runs them as any other statement, which every catalogue test there goes through.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS, namedRowsOf, namedTextCount, rowsOf } from './rows';
import type { Database } from './client';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('named statements on PostgreSQL', () => {
  // One connection, so the statements it keeps can be read back on it.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle({ client: pool }) as unknown as Database;
  afterAll(() => pool.end());
  const kept = async () => (await pool.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows;

  it('answer the rows an unnamed statement answers, parsing each text once per connection', async () => {
    const query = (n: number) => sql`SELECT g AS n, ${`part ${n}`}::text AS label FROM generate_series(1, ${n}::int) g ORDER BY g`;
    for (const n of [3, 1, 2]) expect(await namedRowsOf(db, query(n))).toEqual(await rowsOf(db, query(n)));
    const statements = (await kept()).filter((statement) => statement.statement.includes('generate_series'));
    // The same text with other values: one statement, named after its text.
    expect(statements).toHaveLength(1);
    expect(statements[0]?.name).toMatch(/^shop_[\w-]+$/);
  });

  it(`keep at most ${MAX_NAMED_STATEMENTS} texts named; the rest run unnamed and still answer`, async () => {
    // Other files' statements may have been named in this process already (on other connections).
    const namedBefore = namedTextCount();
    const keptBefore = (await kept()).length;
    for (let i = 0; i < MAX_NAMED_STATEMENTS + 5; i += 1) {
      const [row] = await namedRowsOf<{ n: number }>(db, sql`SELECT ${i}::int AS n, ${sql.raw(String(i))} AS shape`);
      expect(row?.n).toBe(i);
    }
    expect(namedTextCount()).toBe(MAX_NAMED_STATEMENTS);
    expect((await kept()).length).toBe(keptBefore + MAX_NAMED_STATEMENTS - namedBefore);
  });
});
