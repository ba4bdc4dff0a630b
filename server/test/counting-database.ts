/** The test database through a driver that counts the statements sent whose text matches a pattern. */
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';

export function countingDatabase(handle: DatabaseHandle, pattern: RegExp): { db: Database; counted: () => number } {
  let counted = 0;
  const counting = <T extends object>(client: T): T =>
    new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (property === 'query' || property === 'exec') {
          return (...args: unknown[]) => {
            const [first] = args;
            const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
            if (pattern.test(text)) counted += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const db = (handle.driver === 'pglite' ? drizzlePglite({ client: counting(handle.client), schema }) : drizzleNodePostgres({ client: counting(handle.pool), schema })) as unknown as Database;
  return { db, counted: () => counted };
}
