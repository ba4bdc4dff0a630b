/** GET /static-contents/get-sign-up-statics.json (SPEC §7): the registration form's agreement texts. */
import { queryOptions } from '@tanstack/react-query';
import { getSignUpStatics } from '../../../contract/members';
import { apiOf } from '../../../shared/api/client';

export const signUpStaticsQueryOptions = () =>
  queryOptions({
    queryKey: ['static-contents', 'sign-up'] as const,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getSignUpStatics, { signal })).data,
    staleTime: 60 * 60_000,
  });
