/** GET /member-cards/getList.json and DELETE /member-cards/delete/{id} (SPEC §7): 'Payment preferences'. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteMemberCard, getMemberCards, type MemberCard } from '../../../contract/payments';
import { apiOf } from '../../../shared/api/client';

/** The payment panel reads the same list under the same key, so a removed card is gone there too. */
const cardsKey = ['member-cards'] as const;

export const memberCardsQueryOptions = () =>
  queryOptions({
    queryKey: cardsKey,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getMemberCards, { signal })).records,
    staleTime: 0,
  });

export function useMemberCardList(enabled: boolean) {
  return useQuery({ ...memberCardsQueryOptions(), enabled });
}

/** Removes a card; on success its tile leaves the cached list at once (SPEC §4). */
export function useRemoveMemberCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiOf(client)(deleteMemberCard, { params: { id } }),
    onSuccess: (_answer, id) => {
      client.setQueryData<MemberCard[]>(cardsKey, (cards) => cards?.filter((card) => card.id !== id));
    },
  });
}
