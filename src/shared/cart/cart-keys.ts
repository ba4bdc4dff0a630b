/**
 * Query keys of the cart, apart from the cart module so the header's count can share the cached
 * cart without putting the cart's schemas in the home page's first download.
 */
export const cartKeys = {
  all: ['cart'] as const,
  current: () => [...cartKeys.all, 'current'] as const,
  /** Delivery prices depend on the cart's package type, so each type has its own entry. */
  deliveries: (packageType: string | null | undefined) => [...cartKeys.all, 'deliveries', packageType ?? 'none'] as const,
};

/**
 * Another tab, or a reservation lapsing, can change the cart: screens read it again when they
 * open, but not on every render of the header.
 */
export const CART_STALE_MS = 10_000;

