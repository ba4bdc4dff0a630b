import { createFileRoute } from '@tanstack/react-router';
import { jobListQuery } from '../../../../features/content/api';
import { JobsScreen } from '../../../../features/content/jobs-screen';

export const Route = createFileRoute('/_staff/content/jobs/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(jobListQuery()),
  component: JobsScreen,
});
