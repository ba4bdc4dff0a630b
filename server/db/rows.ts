import { hash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** The rows of a raw statement, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * How many statement texts may run as named statements. Each one is parsed and planned once per
 * connection and then kept by the server for that connection's life, so the names must not grow
 * with what visitors ask for: the named ones come in a few dozen shapes (a category's pages, one
 * arm per sub-category, and cards by id), and a text past this many runs unnamed, as any other does.
 */
export const MAX_NAMED_STATEMENTS = 300;
const named = new Set<string>();
/** How many texts this process runs named. */
export const namedTextCount = (): number => named.size;

/**
 * {@link rowsOf} as a named statement on PostgreSQL: each connection parses and plans its text once,
 * then only binds the values. Only for statements whose best plan does not depend on the values
 * (a category's pages, cards by id): after five runs PostgreSQL may keep a generic plan, and for
 * the searches one was many times slower at 1,000,000 parts (registration search 0.8 → 9.6 ms of
 * database time per answer; docs/performance.md). PGlite runs it as any other statement.
 */
export async function namedRowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  // The session's dialect is what `db.execute` turns a statement into text with (drizzle keeps it internal).
  const session = db._.session as unknown as PgSession & { dialect: PgDialect };
  const { sql: text, params } = session.dialect.sqlToQuery(query);
  const name = `shop_${hash('sha1', text, 'base64url')}`;
  if (!named.has(name)) {
    if (named.size >= MAX_NAMED_STATEMENTS) return rowsOf<T>(db, query);
    named.add(name);
  }
  const result = await session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}
