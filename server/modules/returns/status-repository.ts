/** What the back office's sales work writes on a return: its status and the history of its steps. */
import { eq } from 'drizzle-orm';
import type { ReturnStatus } from '../../../src/domain/orders';
import type { Database } from '../../db/client';
import { returns, returnSteps } from '../../db/schema';

export function createReturnStatusRepository(db: Database) {
  return {
    async setReturnStatus(id: number, status: ReturnStatus, at: Date): Promise<void> {
      await db.update(returns).set({ status, updatedAt: at }).where(eq(returns.id, id));
    },
    async recordReturnStep(values: Omit<typeof returnSteps.$inferInsert, 'id'>): Promise<void> {
      await db.insert(returnSteps).values(values);
    },
  };
}
