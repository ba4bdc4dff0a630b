import { createFileRoute } from '@tanstack/react-router';
import { jobListQuery } from '../../../../features/content/api';
import { JobFormScreen } from '../../../../features/content/job-form-screen';

export const Route = createFileRoute('/_staff/content/jobs/$id')({
  loader: ({ context }) => context.queryClient.ensureQueryData(jobListQuery()),
  component: function JobRoute() {
    const { id } = Route.useParams();
    return <JobFormScreen key={id} id={Number(id)} />;
  },
});
