/**
 * App props of SPEC §3 (member, currency, feature flags): read once from the JSON the server
 * embeds in the HTML, so the first render needs no call. A page started from the service worker's
 * cached shell has no embedded props; it starts from safe defaults (a signed-out visitor, every
 * optional feature off) and refreshes them from GET /app-props.json.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_PROPS_ELEMENT_ID, appPropsSchema, getAppProps, type AppProps, type FeatureFlags } from '../contract/app-props';
import { callApi } from './api/client';
import { rememberCsrfToken } from './api/csrf';

export const defaultAppProps: AppProps = {
  isProduction: import.meta.env.PROD,
  isGuest: false,
  memberIdentifier: '',
  memberFirstName: '',
  defaultCurrency: 'GBP',
  flags: { 'payments.paypal': 0, 'payments.stripe': 0, discountThresholds: 0, companyAccount: 0, lowestPrice: 0 },
};

/** The props embedded in this page's HTML, or undefined when absent or malformed. */
export function readEmbeddedAppProps(): AppProps | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(APP_PROPS_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const parsed = appPropsSchema.safeParse(JSON.parse(element.textContent));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// Read once at start: the props describe the session this page was served for.
const embedded = readEmbeddedAppProps();

export const appPropsQueryOptions = () =>
  queryOptions({
    queryKey: ['app-props'],
    queryFn: async ({ signal }) => {
      const answer = await callApi(getAppProps, { signal });
      rememberCsrfToken(answer.csrfToken);
      return answer.props;
    },
    initialData: embedded,
    // Embedded props are the truth for this page's life; fetched ones too until sign-in or out,
    // which reload the page or invalidate this query.
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
