/**
 * The client cart module: the one place the browser reads the cart and changes it (SPEC §7 cart,
 * delivery, discount code and order calls). Every change is a TanStack Query mutation with a
 * stable key, serialisable variables (a request body plus an Idempotency-Key made once per
 * intended change) and one rule for the answer: the returned cart replaces the cached one. That
 * is what lets a later issue queue the same mutations offline (paused mutations resumed in order
 * with `queryClient.setMutationDefaults(cartWriteKey(name), …)` over `cartWrites[name]`) without touching
 * a screen. Screens never call the cart endpoints themselves and never compute an amount: every
 * figure they show is one of the server's cart fields.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  addCartItem,
  checkDiscountCode,
  deleteCartItem,
  getAvailableDeliveryPrices,
  getCart,
  updateCartItem,
  updateRegionAndDelivery,
  type Cart,
} from '../../contract/cart';
import { createOrder, updateShipping } from '../../contract/checkout';
import type { CallBody } from '../../contract/define';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/idempotency';
import { apiOf, type Api } from '../api/client';
import { appPropsQueryOptions } from '../app-props';

import { cartKeys, CART_STALE_MS } from './cart-keys';

export { cartKeys };

export async function fetchCart(api: Api, signal?: AbortSignal): Promise<Cart> {
  const answer = await api(getCart, { signal });
  return answer.cart;
}

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.current(),
    queryFn: ({ client, signal }) => fetchCart(apiOf(client), signal),
    staleTime: CART_STALE_MS,
  });

/** The cart; undefined while it loads (the header shows 0 then). */
export function useCart() {
  return useQuery(cartQueryOptions());
}

export const deliveryOptionsQueryOptions = (packageType: string | null | undefined) =>
  queryOptions({
    queryKey: cartKeys.deliveries(packageType),
    queryFn: ({ client, signal }) => apiOf(client)(getAvailableDeliveryPrices, { signal }),
    staleTime: 5 * 60_000,
  });

export { newIdempotencyKey } from '../api/idempotency';

interface Write<B> {
  body: B;
  idempotencyKey: string;
}

const headers = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/**
 * Every cart change as data: its name and the request it sends. Variables are plain JSON so a
 * paused mutation survives being persisted.
 */
export const cartWrites = {
  'add-item': (api: Api, write: Write<NonNullable<CallBody<typeof addCartItem>>>) => api(addCartItem, { body: write.body, headers: headers(write.idempotencyKey) }),
  'update-item': (api: Api, write: Write<NonNullable<CallBody<typeof updateCartItem>>>) => api(updateCartItem, { body: write.body, headers: headers(write.idempotencyKey) }),
  'delete-item': (api: Api, write: Write<{ id: number }>) => api(deleteCartItem, { params: { id: write.body.id }, headers: headers(write.idempotencyKey) }),
  'update-region-and-delivery': (api: Api, write: Write<NonNullable<CallBody<typeof updateRegionAndDelivery>>>) =>
    api(updateRegionAndDelivery, { body: write.body, headers: headers(write.idempotencyKey) }),
  'check-discount-code': (api: Api, write: Write<NonNullable<CallBody<typeof checkDiscountCode>>>) =>
    api(checkDiscountCode, { body: write.body, headers: headers(write.idempotencyKey) }),
  'update-shipping': (api: Api, write: Write<NonNullable<CallBody<typeof updateShipping>>>) => api(updateShipping, { body: write.body, headers: headers(write.idempotencyKey) }),
  'create-order': (api: Api, write: Write<null>) => api(createOrder, { headers: headers(write.idempotencyKey) }),
} as const;

export type CartWriteName = keyof typeof cartWrites;
type WriteOf<N extends CartWriteName> = Parameters<(typeof cartWrites)[N]>[1];
type AnswerOf<N extends CartWriteName> = Awaited<ReturnType<(typeof cartWrites)[N]>>;

export const cartWriteKey = (name: string) => [...cartKeys.all, 'write', name] as const;

/** Puts the server's cart in the cache; the header count, the sidebar and the pages follow it. */
export function storeCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartKeys.current(), cart);
}

/**
 * A cart change. Success stores the returned cart. Failure fetches the cart again, since the
 * server is the truth and may have changed it anyway (a part sold meanwhile, a refused discount
 * code taken off): the screen shows the error and the cart as it now is.
 */
export function useCartWrite<N extends CartWriteName>(name: N) {
  const queryClient = useQueryClient();
  const send = cartWrites[name] as (api: Api, write: WriteOf<N>) => Promise<AnswerOf<N>>;
  return useMutation<AnswerOf<N>, Error, WriteOf<N>>({
    mutationKey: cartWriteKey(name),
    mutationFn: (write, { client }) => send(apiOf(client), write),
    onSuccess: async (answer) => {
      // A read of the cart sent before this change answers with the cart before it: cancelled,
      // so it cannot land after the new cart and put the old one back (the header's count asks
      // for the cart as the page starts, while the add-to-cart page is already adding).
      await queryClient.cancelQueries({ queryKey: cartKeys.current(), exact: true });
      if ('cart' in answer) storeCart(queryClient, answer.cart);
      // The order closed the cart: the next read gives the session's new, empty one.
      else await queryClient.invalidateQueries({ queryKey: cartKeys.current() });
      // A registration during checkout signed the visitor in: the header greets the member.
      if ('signed_in' in answer && answer.signed_in) await queryClient.invalidateQueries({ queryKey: appPropsQueryOptions().queryKey });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: cartKeys.current() }),
  });
}
