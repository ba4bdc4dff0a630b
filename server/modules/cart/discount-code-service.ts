// The discount codes as the back office keeps them, for the admin-content module through
// cart/index.ts: the SQL stays in discount-code-repository.ts.
import type { Database } from '../../db/client';
import { createDiscountCodeRepository } from './discount-code-repository';

/** The codes with their use, one code by id, locking, creating and ending one; on `db`, a transaction's handle or the database. */
export function createDiscountCodeService(db: Database) {
  const repository = createDiscountCodeRepository(db);
  return { list: repository.list, byId: repository.byId, lock: repository.lock, insert: repository.insert, endValidity: repository.endValidity };
}

export type DiscountCodeService = ReturnType<typeof createDiscountCodeService>;
