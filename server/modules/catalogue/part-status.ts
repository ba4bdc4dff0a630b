/**
 * The catalogue's service for the modules that move a part's sale status (orders, the cart's
 * holds): built on the handle given, usually the caller's transaction (`createPartStatus(tx)`), so
 * the move commits or rolls back with the caller's own rows. The SQL is the catalogue's
 * (part-status-repository.ts), as the parts are.
 */
import type { Database } from '../../db/client';
import { createPartStatusRepository } from './part-status-repository';

export function createPartStatus(db: Database) {
  const repository = createPartStatusRepository(db);
  return {
    /** Reserves every one of `tags` still available, for an order (locked in id order); answers the Tags reserved. */
    reserve: (tags: readonly string[], at: Date) => repository.reserve(tags, at),
    /** Reserves the part for a cart line's hold if it is on sale; answers whether it did. */
    reserveOne: (tag: string) => repository.reserveOne(tag),
    /** Puts the reserved ones of `tags` back on sale (stamped `at`, or the database's now); answers their Tags. */
    putBack: (tags: readonly string[], at?: Date) => repository.putBack(tags, at),
    /** Marks the reserved ones of `tags` sold; answers their Tags. */
    sell: (tags: readonly string[], at: Date) => repository.sell(tags, at),
    /** Marks the parts changed without changing them (a hold's new end shows on their pages). */
    touch: (tags: readonly string[]) => repository.touch(tags),
  };
}

export type PartStatus = ReturnType<typeof createPartStatus>;
