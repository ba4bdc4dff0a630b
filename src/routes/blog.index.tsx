import { createFileRoute } from '@tanstack/react-router';
import { blogSearch } from '../features/content/blog-url';
import { BlogPage } from '../features/content/components/blog-page';
import { loadBlog } from '../features/content/load-content';

/** /blog (SPEC §2 'News/blog listing'): tag, category and page in the query. */
export const Route = createFileRoute('/blog/')({
  // One chunk for the page's loader and screen: every chunk's name is in the first download.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: blogSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps }) => loadBlog(context, deps.search, false),
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: BlogRoute,
});

function BlogRoute() {
  return <BlogPage search={Route.useSearch()} tagInPath={false} />;
}
