import { createFileRoute } from '@tanstack/react-router';
import { JobsPage } from '../features/content/components/jobs-page';
import { jobsSearch } from '../features/content/jobs-url';
import { loadJobs } from '../features/content/load-content';

/** /jobs (SPEC §2 'Job listing'): filters, sort and page in the query. */
export const Route = createFileRoute('/jobs')({
  // One chunk for the page's loader and screen: every chunk's name is in the first download.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: jobsSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps }) => loadJobs(context, deps.search),
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: JobsRoute,
});

function JobsRoute() {
  return <JobsPage search={Route.useSearch()} navigate={Route.useNavigate()} />;
}
