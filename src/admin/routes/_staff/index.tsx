import { createFileRoute } from '@tanstack/react-router';
import { dashboardQuery } from '../../features/dashboard/api';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';

export const Route = createFileRoute('/_staff/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery()),
  component: DashboardScreen,
});
