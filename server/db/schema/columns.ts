/**
 * Column helpers the owners' schema files share.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, customType } from 'drizzle-orm/pg-core';

export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Binary data (a re-encoded photo) as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;
