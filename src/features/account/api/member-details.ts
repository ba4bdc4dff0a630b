/** GET and POST /members/member-details.json (SPEC §7): the member's details. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMemberDetails, saveMemberDetails, type MemberDetailsBody } from '../../../contract/members';
import { apiOf } from '../../../shared/api/client';

const key = ['account', 'member-details'] as const;

export const memberDetailsQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getMemberDetails, { signal })).memberDetails,
    staleTime: 0,
  });

export function useMemberDetails() {
  return useQuery(memberDetailsQueryOptions());
}

/** Saves the details; the saved copy the server answers replaces the cached one. */
export function useSaveMemberDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberDetailsBody) => apiOf(client)(saveMemberDetails, { body }),
    onSuccess: (answer) => client.setQueryData(key, answer.memberDetails),
  });
}
