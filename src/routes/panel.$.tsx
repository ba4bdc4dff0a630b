import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/account/components/account-page';
import { pageHead, pageTitle } from '../shared/head';

/**
 * The account area (SPEC §2): /panel/client/{screen} for each screen, and /panel itself, where the
 * spec's hash addresses (/panel/#/client/orders) land and are sent on to their screen. One route
 * for all of it, its screens each their own chunk, so the first download carries one small route
 * definition; the order screens' query (page, sort) is read by the screens themselves.
 */
export const Route = createFileRoute('/panel/$')({
  codeSplitGroupings: [['loader'], ['component']],
  loaderDeps: ({ search }) => ({ search: search as Record<string, unknown> }),
  // Its own import inside the split loader, so the first download names one chunk, not every screen's calls.
  loader: async ({ context, params, deps }) => (await import('../features/account/load-screen')).loadAccountScreen(context.queryClient, params._splat ?? '', deps.search),
  head: ({ loaderData, match }) => pageHead({ title: pageTitle(loaderData?.title ?? 'Your account'), publicUrl: match.context.publicUrl, noindex: true }),
  component: AccountPage,
});
