/**
 * For the catalogue (issue 32): when the cart holds on some parts end, so another shopper reads
 * 'In someone's cart — may be free again in about 20 min' instead of 'sold'. Only holds in force.
 */
import type { Database } from '../../db/client';
import { createCartHoldRepository } from './hold-repository';

export function cartHoldEnds(db: Database): (tags: readonly string[]) => Promise<Map<string, Date>> {
  const holds = createCartHoldRepository(db);
  return (tags) => holds.holdEnds(tags);
}
