import { createFileRoute, redirect } from '@tanstack/react-router';
import { StaffLayout } from '../layout';
import { meQueryOptions } from '../session';

/** Every screen but sign-in: a signed-in member of staff, or the sign-in screen first. */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async ({ context, location }) => {
    const staff = await context.queryClient.ensureQueryData(meQueryOptions());
    if (!staff) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  component: StaffLayout,
});
