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
  holdCartItemAgain,
  updateCartItem,
  updateRegionAndDelivery,
  type Cart,
} from '../../contract/cart';
import { createOrder, updateShipping } from '../../contract/checkout';
import type { CallBody } from '../../contract/define';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/idempotency';
import { apiOf, type Api } from '../api/client';
import { isApiError } from '../api/api-error';
import { appPropsQueryOptions } from '../app-props';
import { CSRF_RENEWALS } from '../../domain/outbox';
import { addCartNotice } from './cart-notices';
import { cartErrorText } from './error-text';
import { hasSignal } from '../signal';

import { CART_STALE_MS, cartKeys } from './cart-keys';
import { CART_WRITE_SCOPE, cartWriteKey, OFFLINE_CART_WRITES } from './cart-queue';

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

import { newIdempotencyKey } from '../api/idempotency';

export { newIdempotencyKey };

/**
 * What the person saw of a part when they added it, so a line added without signal can be drawn
 * at once (name, photo, price, warranties) before the server has answered. Plain JSON: it travels
 * in the mutation's variables and is persisted with them; the request never sends it.
 */
export interface LinePreview {
  name: string;
  image: string;
  url: string;
  /** The part's net unit price in pence, as the page showed it. */
  net_price: number;
  /** The warranties the part page offered (net prices). */
  warranties: { id: number; name: string; value: number; is_default: boolean }[];
}

interface Write<B> {
  body: B;
  idempotencyKey: string;
  /** Made without signal: it waited in the queue, and reports its own outcome when sent. */
  queued?: boolean | undefined;
}

const headers = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/**
 * Every cart change as data: its name and the request it sends. Variables are plain JSON so a
 * paused mutation survives being persisted.
 */
export const cartWrites = {
  'add-item': (api: Api, write: Write<NonNullable<CallBody<typeof addCartItem>>> & { preview?: LinePreview | undefined }) =>
    api(addCartItem, { body: write.body, headers: headers(write.idempotencyKey) }),
  'update-item': (api: Api, write: Write<NonNullable<CallBody<typeof updateCartItem>>>) => api(updateCartItem, { body: write.body, headers: headers(write.idempotencyKey) }),
  /**
   * `tag` names the line for a removal queued offline: a line added without signal has no id yet,
   * so its id is looked up in the cart as it is when the removal is sent (after the add, which ran
   * first in the same queue). A tag no longer in the cart leaves nothing to remove.
   */
  'delete-item': async (api: Api, write: Write<{ id: number }> & { tag?: string | undefined }, cart?: Cart) => {
    const id = write.body.id > 0 ? write.body.id : cart?.cart_products.find((line) => line.tag === write.tag)?.id;
    if (id === undefined) return { cart: cart ?? (await fetchCart(api)), message: '' };
    return api(deleteCartItem, { params: { id }, headers: headers(write.idempotencyKey) });
  },
  /** Issue 32: the line's part held again; it needs signal (the hold is the shop's to give). */
  'hold-again': (api: Api, write: Write<{ id: number }>) => api(holdCartItemAgain, { params: { id: write.body.id }, headers: headers(write.idempotencyKey) }),
  'update-region-and-delivery': (api: Api, write: Write<NonNullable<CallBody<typeof updateRegionAndDelivery>>>) =>
    api(updateRegionAndDelivery, { body: write.body, headers: headers(write.idempotencyKey) }),
  'check-discount-code': (api: Api, write: Write<NonNullable<CallBody<typeof checkDiscountCode>>>) =>
    api(checkDiscountCode, { body: write.body, headers: headers(write.idempotencyKey) }),
  'update-shipping': (api: Api, write: Write<NonNullable<CallBody<typeof updateShipping>>>) => api(updateShipping, { body: write.body, headers: headers(write.idempotencyKey) }),
  'create-order': (api: Api, write: Write<null>) => api(createOrder, { headers: headers(write.idempotencyKey) }),
} as const;

export type CartWriteName = keyof typeof cartWrites;
export type WriteOf<N extends CartWriteName> = Parameters<(typeof cartWrites)[N]>[1];
type AnswerOf<N extends CartWriteName> = Awaited<ReturnType<(typeof cartWrites)[N]>>;

export { cartWriteKey, CART_WRITE_SCOPE, OFFLINE_CART_WRITES, type OfflineCartWrite } from './cart-queue';

/** Puts the server's cart in the cache; the header count, the sidebar and the pages follow it. */
export function storeCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartKeys.current(), cart);
}

/** Whether another cart change is still queued or on its way (it will bring a newer cart). */
function moreQueued(queryClient: QueryClient): boolean {
  return queryClient.isMutating({ mutationKey: cartKeys.all, predicate: (mutation) => mutation.state.status === 'pending' }) > 1;
}

/** How a refused change that was queued offline is reported: by the part's name, never silently. */
function reportRefusal(name: CartWriteName, write: unknown, error: unknown, queryClient: QueryClient): void {
  const cart = queryClient.getQueryData<Cart>(cartKeys.current());
  const variables = write as Partial<WriteOf<'add-item'>> & { tag?: string };
  const tag = name === 'add-item' ? variables.body?.product.tag : name === 'update-item' ? (write as WriteOf<'update-item'>).body.product.tag : variables.tag;
  const partName = (name === 'add-item' ? variables.preview?.name : undefined) ?? cart?.cart_products.find((line) => line.tag === tag)?.name ?? (tag ? `Part ${tag}` : 'A part');
  if (name === 'add-item' && isApiError(error) && (error.status === 409 || error.status === 404)) {
    addCartNotice({ kind: 'gone', text: `${partName} was sold or reserved before your cart was updated, so it is not in your cart.` });
  } else {
    addCartNotice({ kind: 'refused', text: `${partName}: ${cartErrorText(error)}` });
  }
}

/**
 * Parts that went while the person was offline (sold or reserved meanwhile) leave the cart once
 * the queued changes are sent: each is named in a notice and removed through the same queue.
 */
function removeGoneLines(queryClient: QueryClient, cart: Cart): void {
  const gone = cart.cart_products.filter((line) => line.gone);
  if (gone.length === 0) return;
  addCartNotice({
    kind: 'gone',
    text: `${gone.map((line) => line.name).join(', ')} ${gone.length === 1 ? 'was' : 'were'} sold or reserved while you were offline and ${gone.length === 1 ? 'has' : 'have'} been removed from your cart.`,
  });
  for (const line of gone) {
    void queryClient
      .getMutationCache()
      .build(queryClient, { ...cartWriteOptions(queryClient, 'delete-item') })
      .execute({ body: { id: line.id }, tag: line.tag, idempotencyKey: newIdempotencyKey(), queued: true })
      .catch(() => undefined);
  }
}

/** Whether a failure may pass on a later try: no answer at all, or the server's own trouble. */
export function mayPassLater(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.status >= 500);
}

/**
 * The options of a cart change, shared by the screens' hooks and `setMutationDefaults`, so a
 * change restored after a reload (which has only its key and variables) runs exactly as it would
 * have: in the cart's one queue (`scope`), sent when there is signal (`networkMode` 'online'
 * pauses it until then), its answer replacing the cached cart.
 */
export function cartWriteOptions<N extends CartWriteName>(queryClient: QueryClient, name: N) {
  const send = cartWrites[name] as (api: Api, write: WriteOf<N>, cart?: Cart) => Promise<AnswerOf<N>>;
  const offline = (OFFLINE_CART_WRITES as readonly string[]).includes(name);
  return {
    mutationKey: cartWriteKey(name),
    scope: { id: CART_WRITE_SCOPE },
    // A change that may wait pauses without signal; the others (region, discount code,
    // checkout) need the shop's answer now, so they fail at once with 'You are offline'.
    networkMode: offline ? ('online' as const) : ('always' as const),
    mutationFn: (write: WriteOf<N>): Promise<AnswerOf<N>> => {
      const sendNow = () => send(apiOf(queryClient), write, queryClient.getQueryData<Cart>(cartKeys.current()));
      // A change that waited (the app closed meanwhile) may find its session or CSRF token
      // changed: refused with 403, it renews them (app props answer a fresh token, and a new
      // session when the old one ended) and is sent again with the same Idempotency-Key, up to
      // CSRF_RENEWALS times (why more than once: src/domain/outbox.ts).
      const sendRenewing = (renewalsLeft: number): Promise<AnswerOf<N>> =>
        sendNow().catch((error: unknown) => {
          if (!offline || !isApiError(error) || error.status !== 403 || renewalsLeft === 0) throw error;
          return queryClient.fetchQuery({ ...appPropsQueryOptions(), staleTime: 0 }).then(() => sendRenewing(renewalsLeft - 1));
        });
      return sendRenewing(CSRF_RENEWALS);
    },
    // A change that can wait for signal tries again when the signal drops mid-request or the
    // shop has a moment's trouble: its Idempotency-Key makes a repeat harmless. While the browser
    // is offline the retry pauses (and is persisted) until the connection returns.
    retry: offline ? (failureCount: number, error: unknown) => mayPassLater(error) && (isApiError(error) && error.kind === 'network' ? true : failureCount < 3) : false,
    retryDelay: (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000),
    onSuccess: async (answer: AnswerOf<N>, write: WriteOf<N>) => {
      // A read of the cart sent before this change answers with the cart before it: cancelled,
      // so it cannot land after the new cart and put the old one back (the header's count asks
      // for the cart as the page starts, while the add-to-cart page is already adding).
      await queryClient.cancelQueries({ queryKey: cartKeys.current(), exact: true });
      if ('cart' in answer) {
        storeCart(queryClient, answer.cart);
        // An answer replayed for a repeated key is the cart as it was then: once the queue is
        // empty the cart is read again, so the totals shown are the server's of now.
        if (offline && !moreQueued(queryClient)) {
          if (write.queued) removeGoneLines(queryClient, answer.cart);
          void queryClient.invalidateQueries({ queryKey: cartKeys.current(), exact: true });
        }
      }
      // The order closed the cart: the next read gives the session's new, empty one.
      else await queryClient.invalidateQueries({ queryKey: cartKeys.current() });
      // A registration during checkout signed the visitor in: the header greets the member.
      if ('signed_in' in answer && answer.signed_in) await queryClient.invalidateQueries({ queryKey: appPropsQueryOptions().queryKey });
    },
    onError: (error: unknown, write: WriteOf<N>) => {
      if (write.queued) reportRefusal(name, write, error, queryClient);
      return queryClient.invalidateQueries({ queryKey: cartKeys.current() });
    },
  };
}

/**
 * Registers every cart change's options by its key, so mutations restored from storage after a
 * reload (which carry only their key, scope and variables) find their function and handlers.
 */
export function registerCartWriteDefaults(queryClient: QueryClient): void {
  for (const name of Object.keys(cartWrites) as CartWriteName[]) {
    queryClient.setMutationDefaults(cartWriteKey(name), cartWriteOptions(queryClient, name) as never);
  }
}

/**
 * A cart change. Success stores the returned cart. Failure fetches the cart again, since the
 * server is the truth and may have changed it anyway (a part sold meanwhile, a refused discount
 * code taken off): the screen shows the error and the cart as it now is. Changes made without
 * signal are marked `queued`: they wait in the cart's queue and report their outcome themselves,
 * since the screen that made them may be long gone when they are sent.
 */
export function useCartWrite<N extends CartWriteName>(name: N) {
  const queryClient = useQueryClient();
  const mutation = useMutation<AnswerOf<N>, Error, WriteOf<N>>(cartWriteOptions(queryClient, name) as never);
  const mutate = (write: WriteOf<N>, options?: Parameters<typeof mutation.mutate>[1]) => mutation.mutate(queuedIfOffline(write), options);
  return { ...mutation, mutate };
}

/** Marks a change made without signal, so its outcome is reported when it is finally sent. */
export function queuedIfOffline<W>(write: W): W {
  return hasSignal() ? write : { ...write, queued: true };
}
