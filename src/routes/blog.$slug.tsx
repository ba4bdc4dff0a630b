import { createFileRoute } from '@tanstack/react-router';
import { ArticlePage } from '../features/content/components/article-page';
import { loadArticle } from '../features/content/load-content';

/** /blog/{slug} (SPEC §2): one article; 404 for an unknown or scheduled one. */
export const Route = createFileRoute('/blog/$slug')({
  // One chunk for the page's loader and screen: every chunk's name is in the first download.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => loadArticle(context, params.slug),
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: ArticleRoute,
});

function ArticleRoute() {
  const { slug } = Route.useParams();
  return <ArticlePage key={slug} slug={slug} />;
}
