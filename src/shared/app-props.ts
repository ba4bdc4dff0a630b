/**
 * App props of SPEC §3 (member, currency, feature flags). A page the server rendered brings them
 * in its dehydrated query cache (the server puts them there, src/router.tsx), so the first render
 * needs no call. The offline shell has none: it starts from safe defaults (a signed-out visitor,
 * every optional feature off) and refreshes them from GET /app-props.json.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppProps, FeatureFlags } from '../contract/app-props';
import { apiOf } from './api/client';
import { rememberCsrfToken } from './api/csrf';

export const defaultAppProps: AppProps = {
  isProduction: import.meta.env.PROD,
  isGuest: false,
  memberIdentifier: '',
  memberFirstName: '',
  defaultCurrency: 'GBP',
  flags: { 'payments.paypal': 0, 'payments.stripe': 0, discountThresholds: 0, companyAccount: 0, lowestPrice: 0 },
};

export const appPropsQueryOptions = () =>
  queryOptions({
    queryKey: ['app-props'],
    queryFn: async ({ client, signal }) => {
      // The call's schemas load with the call: a server-rendered page has its props already.
      const { getAppProps } = await import('../contract/app-props');
      const answer = await apiOf(client)(getAppProps, { signal });
      rememberCsrfToken(answer.csrfToken);
      return answer.props;
    },
    // The server's props are the truth for this page's life; fetched ones too until sign-in or
    // out, which reload the page or invalidate this query.
    staleTime: Infinity,
    retry: 1,
  });

/** The app props; while the cached shell refreshes them (or offline), the safe defaults. */
export function useAppProps(): AppProps {
  const { data } = useQuery(appPropsQueryOptions());
  return data ?? defaultAppProps;
}

/** Feature flags of SPEC §3 from the one place screens read them. */
export function useFlags(): FeatureFlags {
  return useAppProps().flags;
}

/** A signed-in member: a member id is present and the account is not a checkout-only guest (SPEC §6). */
export function isSignedInMember(props: AppProps): boolean {
  return props.memberIdentifier !== '' && !props.isGuest;
}
