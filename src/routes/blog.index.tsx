import { createFileRoute } from '@tanstack/react-router';
import { blogSearch } from '../features/content/blog-search';
import { BlogPage } from '../features/content/components/blog-page';
import { loadBlog } from '../features/content/load-content';

/** /blog (SPEC §2 'News/blog listing'): tag, category and page in the query. */
export const Route = createFileRoute('/blog/')({
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: blogSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps }) => loadBlog(context, deps.search, false),
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: BlogRoute,
});

function BlogRoute() {
  return <BlogPage search={Route.useSearch()} tagInPath={false} />;
}
