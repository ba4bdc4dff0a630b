// What has come back to the buyer against an order line: the refunds of its returns (this module's)
// and of its warranty claims (the warranty module's). Read by the return's own check and the order list.
import type { Database } from '../../db/client';
import { claimRefundsOfLines } from '../warranty/index';
import { createReturnsRepository } from './repository';

/**
 * What has been refunded against each of these order lines (pence), by line id: the refunds of its
 * returns and of its warranty claims settled by a refund. A line with none is absent.
 */
export async function refundedOfLines(db: Database, lineIds: readonly number[]): Promise<Map<number, number>> {
  // One after the other: inside a return's transaction both run on its one connection.
  const returned = await createReturnsRepository(db).returnRefundsOfLines(lineIds);
  const claimed = await claimRefundsOfLines(db, lineIds);
  const refunded = new Map(returned);
  for (const [lineId, amount] of claimed) refunded.set(lineId, (refunded.get(lineId) ?? 0) + amount);
  return refunded;
}
