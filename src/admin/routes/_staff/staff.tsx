import { createFileRoute } from '@tanstack/react-router';
import { staffListQuery } from '../../features/staff/api';
import { StaffScreen } from '../../features/staff/staff-screen';

export const Route = createFileRoute('/_staff/staff')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staffListQuery()),
  component: StaffScreen,
});
