// A part request's status as staff answer it, for the back-office-sales module through
// part-requests/index.ts: the SQL stays in status-repository.ts.
import type { Database } from '../../db/client';
import { createPartRequestStatusRepository } from './status-repository';

/** Set a request's status and the part found for it; on `db`, a transaction's handle or the database. */
export function createPartRequestStatusService(db: Database) {
  const repository = createPartRequestStatusRepository(db);
  return { setRequestStatus: repository.setRequestStatus };
}

export type PartRequestStatusService = ReturnType<typeof createPartRequestStatusService>;
