/**
 * The cart's queue of changes: its mutation keys, its one scope and which changes may wait for
 * signal. Apart from cart-keys.ts, which the header's count brings to the first download.
 */
import { cartKeys } from './cart-keys';

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
