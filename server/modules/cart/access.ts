/**
 * The carts as the checkout and the orders use them: find, lock, price and update a shopper's
 * cart, and read the regions, countries and member it refers to. Built on the handle given, so
 * those modules run it inside their own transactions; the tables stay the cart module's.
 */
import type { Database } from '../../db/client';
import { addressesById, priceCart, type PricedCart, type PricingSettings } from './pricing';
import { createCartHolds } from './holds';
import { createCartRepository, type CartRow, type Shopper } from './repository';

export function createCartAccess(db: Database) {
  const repository = createCartRepository(db);
  return {
    findOpenCart: (shopper: Shopper) => repository.findOpenCart(shopper),
    latestCart: (shopper: Shopper) => repository.latestCart(shopper),
    /** Holds the cart's row to the end of the transaction. */
    lockCart: (id: number) => repository.lockCart(id),
    /** Holds the code's row, so its uses are counted once at a time. */
    lockDiscountCode: (id: number) => repository.lockDiscountCode(id),
    updateCart: (id: number, changes: Partial<Omit<CartRow, 'id'>>) => repository.updateCart(id, changes),
    markOrdered: (id: number, orderId: number, at: Date) => repository.markOrdered(id, orderId, at),
    /** The parts the cart's holds reserved become the order's (issue 32); answers their Tags. */
    handHoldsToOrder: (cartId: number, at: Date) => createCartHolds(db).handHoldsToOrder(cartId, at),
    /** A deleted account's open carts give their held parts back to the shop (issue 32). */
    endOpenCartHoldsOf: (memberId: number, at: Date) => createCartHolds(db).endOpenCartHoldsOf(memberId, at),
    hasLines: async (cartId: number) => (await repository.lines(cartId)).length > 0,
    regions: () => repository.regions(),
    countryNames: () => repository.countryNames(),
    member: (id: number) => repository.member(id),
    addressesById: (ids: readonly (number | null)[]) => addressesById(repository, ids),
    price: (settings: PricingSettings, cart: CartRow | null, at: Date): Promise<PricedCart> => priceCart(repository, settings, cart, at),
  };
}

export type CartAccess = ReturnType<typeof createCartAccess>;
