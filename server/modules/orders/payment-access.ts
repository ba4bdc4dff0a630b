// What paying does to an order and its parts (issue 14), for the payments module through
// orders/index.ts (the SQL: payment-repository.ts, and the catalogue's for the parts' moves).
import type { Database } from '../../db/client';
import { createPartStatus } from '../catalogue/index';
import { createOrderPaymentRepository } from './payment-repository';

export type { OrderRow } from './repository';

/** Find and lock the order, hold its parts again before a charge, mark it paid (parts sold) or refunded; on `db`. */
export function createOrderPaymentAccess(db: Database) {
  const repository = createOrderPaymentRepository(db);
  const partStatus = createPartStatus(db);
  return {
    findByHash: repository.findByHash,
    /** Reserves those of `tags` still available, as create-order does; answers the Tags reserved. */
    reserveAvailable: (tags: readonly string[], at: Date) => partStatus.reserve(tags, at),
    findById: repository.findById,
    lock: repository.lock,
    partsOf: repository.partsOf,
    extendHold: repository.extendHold,
    /**
     * The order is paid: status PAID, paid_at, and its reserved parts sold. Answers the Tags that
     * were not reserved any more (sold or on hold elsewhere), which staff must sort out.
     */
    async markPaid(orderId: number, at: Date): Promise<{ notSold: string[] }> {
      await repository.markPaid(orderId, at);
      const tags = await repository.lineTags(orderId);
      const got = new Set(await partStatus.sell(tags, at));
      return { notSold: tags.filter((tag) => !got.has(tag)) };
    },
    markRefunded: repository.markRefunded,
  };
}

export type OrderPaymentAccess = ReturnType<typeof createOrderPaymentAccess>;
