/**
 * The payment panel's reads: GET /payments/methods.json (which methods the shop offers and how to
 * reach their providers), GET /member-cards/getList.json (a signed-in member's saved cards) and the
 * order itself through GET /orders/created/{hash} (its owner only; 404 for anyone else).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCreatedOrder } from '../../../contract/checkout';
import { getMemberCards, getPaymentMethods } from '../../../contract/payments';
import { apiOf } from '../../../shared/api/client';

export const paymentKeys = {
  methods: () => ['payments', 'methods'] as const,
  cards: () => ['member-cards'] as const,
  /** The order as the payment pages read it; apart from the checkout's copy, always read fresh. */
  order: (hash: string) => ['payments', 'order', hash] as const,
};

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.methods(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getPaymentMethods, { signal })).methods,
    // The flags and keys change only with the server's configuration.
    staleTime: 10 * 60_000,
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

export const memberCardsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.cards(),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getMemberCards, { signal })).records,
    staleTime: 0,
  });

/** The member's saved cards; nothing is asked for a guest or a visitor who is not signed in. */
export function useMemberCards(enabled: boolean) {
  return useQuery({ ...memberCardsQueryOptions(), enabled });
}

/** The order being paid or just paid; its status changes with the payment, so never kept. */
export const paymentOrderQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: paymentKeys.order(hash),
    queryFn: async ({ client, signal }) => (await apiOf(client)(getCreatedOrder, { params: { hash }, signal })).order,
    staleTime: 0,
  });
