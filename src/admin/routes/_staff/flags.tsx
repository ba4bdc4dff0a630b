import { createFileRoute } from '@tanstack/react-router';
import { flagListQuery } from '../../features/flags/api';
import { FlagsScreen } from '../../features/flags/flags-screen';

export const Route = createFileRoute('/_staff/flags')({
  loader: ({ context }) => context.queryClient.ensureQueryData(flagListQuery()),
  component: FlagsScreen,
});
