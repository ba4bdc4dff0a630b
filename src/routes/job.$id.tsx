import { createFileRoute } from '@tanstack/react-router';
import { JobPage } from '../features/content/components/job-page';
import { loadJob } from '../features/content/load-content';

/** /job/{id} (SPEC §2): one job's whole advert and the application form; 404 for an unknown or closed job. */
export const Route = createFileRoute('/job/$id')({
  // One chunk for the page's loader and screen: every chunk's name is in the first download.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => loadJob(context, params.id),
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: JobRoute,
});

function JobRoute() {
  const { id } = Route.useLoaderData();
  return <JobPage key={id} id={id} />;
}
