// The cart module as other modules see it: the cart's routes, its pricing, the shopper of a
// request, the carts the checkout and orders work on (inside their own transactions), and what
// happens to carts at sign-in.
export { cartRoutes } from './routes';
export { createCartAccess, type CartAccess } from './access';
export { joinCartsAtSignIn } from './merge-repository';
export { pricingSettings, refusalText, type PricedCart, type PricingSettings } from './pricing';
export type { Shopper } from './repository';
export { readingSession, shopperOf, writingSession } from './shopper';
