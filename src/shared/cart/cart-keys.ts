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

export const cartWriteKey = (name: string) => [...cartKeys.all, 'write', name] as const;

/**
 * The one queue of cart changes (a TanStack Query mutation scope): changes run one at a time, in
 * the order they were made, online or resumed after the signal returns.
 */
export const CART_WRITE_SCOPE = 'cart';

/**
 * The changes that may be made without signal, wait in the queue and survive a reload: adding,
 * removing and changing the warranty of a line. Region, discount code and checkout need signal.
 */
export const OFFLINE_CART_WRITES = ['add-item', 'update-item', 'delete-item'] as const;
export type OfflineCartWrite = (typeof OFFLINE_CART_WRITES)[number];
