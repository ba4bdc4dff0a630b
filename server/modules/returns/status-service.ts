// A return's status and steps as staff move it on, for the back-office-sales module through
// returns/index.ts: the SQL stays in status-repository.ts.
import type { Database } from '../../db/client';
import { createReturnStatusRepository } from './status-repository';

/** Set a return's status and record the step; on `db`, a transaction's handle or the database. */
export function createReturnStatusService(db: Database) {
  const repository = createReturnStatusRepository(db);
  return { setReturnStatus: repository.setReturnStatus, recordReturnStep: repository.recordReturnStep };
}

export type ReturnStatusService = ReturnType<typeof createReturnStatusService>;
