/**
 * An order's hold on its parts ends (its hold ran out, or staff called the order off): the parts
 * its lines reserved are back on sale (the catalogue's move), its discount-code uses freed and the
 * release stamped, all on `tx`, the caller's transaction. Answers the Tags back on sale.
 */
import type { Database } from '../../db/client';
import { createPartStatus } from '../catalogue/index';
import { createOrderRepository } from './repository';

export async function releaseHolds(tx: Database, ids: readonly number[], now: Date): Promise<string[]> {
  const orderRows = createOrderRepository(tx);
  const back = await createPartStatus(tx).putBack(await orderRows.lineTags(ids), now);
  await orderRows.endHolds(ids, now);
  return back;
}
