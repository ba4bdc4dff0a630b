import { createFileRoute } from '@tanstack/react-router';
import { jobApplicationsQuery } from '../../../../features/content/api';
import { JobApplicationsScreen } from '../../../../features/content/job-applications-screen';

// Not inside the advert's form ($id.tsx): the applications are a page of their own.
export const Route = createFileRoute('/_staff/content/jobs/$id_/applications')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(jobApplicationsQuery(Number(params.id))),
  component: function JobApplicationsRoute() {
    const { id } = Route.useParams();
    return <JobApplicationsScreen key={id} jobId={Number(id)} />;
  },
});
