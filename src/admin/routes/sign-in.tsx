import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInScreen } from '../features/sign-in/sign-in-screen';
import { meQueryOptions } from '../session';

/** Only a path inside the back office is a place to come back to after sign-in. */
function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/sign-in') ? value : undefined;
}

export const Route = createFileRoute('/sign-in')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string | undefined } => ({ redirect: safeRedirect(search.redirect) }),
  beforeLoad: async ({ context, search }) => {
    // Signed in already: straight on. Fetched afresh, as the session may have ended meanwhile.
    const staff = await context.queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    if (staff) throw redirect({ to: search.redirect ?? '/' });
  },
  component: SignIn,
});

function SignIn() {
  const { redirect: to } = Route.useSearch();
  return <SignInScreen redirectTo={to ?? '/'} />;
}
