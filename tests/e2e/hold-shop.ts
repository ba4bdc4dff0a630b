/**
 * A shop of its own for the cart-hold journey (issue 32): the built server on a fresh embedded
 * database with CART_HOLD_MINUTES=1 and a clock the journey moves on (own-shop.ts). Holds on the shared e2e server are off
 * (playwright.config.ts), so no other journey finds a part held by one run at the other width;
 * only the journey that starts this shop depends on its hold length.
 */
import { startOwnShop, type OwnShop } from './own-shop';

export const HOLD_SHOP_MINUTES = 1;

export type HoldShop = OwnShop;

/**
 * HOLD_SHOP_URL names a hold shop already running (started by hand with CART_HOLD_MINUTES=1, e.g.
 * on a busy machine where starting one per run is slow); then none is started or stopped.
 */
export function startHoldShop(): Promise<HoldShop> {
  // Each moveClock() takes the shop a second past a whole hold, so the journey need not wait one out.
  return startOwnShop('hold', { CART_HOLD_MINUTES: String(HOLD_SHOP_MINUTES), CLOCK_STEP_SECONDS: String(HOLD_SHOP_MINUTES * 60 + 1) }, process.env.HOLD_SHOP_URL);
}
