/**
 * What an account screen's loader fetches before the page is drawn, so the server's render shows
 * the member's data and the browser hydrates the same. Nothing is asked for a visitor who is not
 * signed in (the screen opens the login modal instead), and a failed read does not fail the page:
 * the screen shows its own state for it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AppProps } from '../../contract/app-props';
import { appPropsQueryOptions, isSignedInMember } from '../../shared/app-props';

export function signedInMember(client: QueryClient): AppProps | null {
  const props = client.getQueryData<AppProps>(appPropsQueryOptions().queryKey);
  return props && isSignedInMember(props) ? props : null;
}

export async function loadForMember(client: QueryClient, ...loads: ((client: QueryClient, member: AppProps) => Promise<unknown>)[]): Promise<void> {
  const member = signedInMember(client);
  if (!member) return;
  await Promise.all(loads.map((load) => load(client, member).catch(() => undefined)));
}
