// The cart module as other modules see it: the cart's routes, its pricing, the shopper of a
// request, the carts the checkout and orders work on (inside their own transactions), and what
// happens to carts at sign-in; and the loyalty figures the cart's discount is read from.
import type { Database } from '../../db/client';
import { createCartRepository, type ThresholdRow } from './repository';

export { cartRoutes } from './routes';
export { cartHoldRelease } from './hold-release';
export { cartHoldEnds } from './hold-ends';
export { createCartAccess, type CartAccess } from './access';
export { joinCartsAtSignIn } from './sign-in';
export { pricingSettings, refusalText, type PricedCart, type PricingSettings } from './pricing';
export type { Shopper } from './repository';
export type { DiscountCodeWithUse } from './discount-code-repository';
export { createDiscountCodeService } from './discount-code-service';
export { shopperOf } from './shopper';

/**
 * The figures the cart's loyalty discount is read from, for the loyalty page: the levels (lowest
 * first) and a member's turnover (their paid orders, gross pence). One source, so the page's
 * progress and the cart's discount always agree.
 */
export function loyaltyFigures(db: Database): { thresholds(): Promise<ThresholdRow[]>; turnover(memberId: number): Promise<number> } {
  const repository = createCartRepository(db);
  return { thresholds: () => repository.thresholds(), turnover: (memberId) => repository.turnover(memberId) };
}

/** A step of a member's account deletion (members' erasure steps, given by the app): its open cart goes, its ordered carts lose the delivery note; on `tx`, the deletion's transaction. */
export function eraseMemberCarts(tx: Database, { memberId }: { memberId: number }): Promise<void> {
  return createCartRepository(tx).eraseMember(memberId);
}
