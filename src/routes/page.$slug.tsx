import { createFileRoute } from '@tanstack/react-router';
import { StaticPage } from '../features/content/components/static-page';
import { loadStaticPage } from '../features/content/load-content';

/** /page/{slug}: the shop's static pages (returns, delivery, warranties, grading, about, terms, privacy, cookies, contact); 404 for any other. */
export const Route = createFileRoute('/page/$slug')({
  // One chunk for the page's loader and screen: every chunk's name is in the first download.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => loadStaticPage(context, params.slug),
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: StaticPageRoute,
});

function StaticPageRoute() {
  const { slug } = Route.useParams();
  return <StaticPage key={slug} slug={slug} />;
}
