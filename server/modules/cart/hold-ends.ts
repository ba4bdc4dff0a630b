/**
 * For the catalogue (issue 32): when the cart holds on some parts end, so another shopper reads
 * 'In someone's cart — may be free again in about 20 min' instead of 'sold'. Only holds in force.
 */
import type { Database } from '../../db/client';
import { createCartHolds } from './holds';

export function cartHoldEnds(db: Database): (tags: readonly string[]) => Promise<Map<string, Date>> {
  const holds = createCartHolds(db);
  return (tags) => holds.holdEnds(tags);
}
