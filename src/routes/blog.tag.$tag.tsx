import { createFileRoute } from '@tanstack/react-router';
import { blogSearch, type BlogSearch } from '../features/content/blog-url';
import { BlogPage } from '../features/content/components/blog-page';
import { loadBlog } from '../features/content/load-content';

/** The tag is the path's: a tag in the query means nothing here. */
const tagPageSearch = (input: Readonly<Record<string, unknown>>): Omit<BlogSearch, 'tag'> => {
  const { category, page } = blogSearch(input);
  return { ...(category === undefined ? {} : { category }), ...(page === undefined ? {} : { page }) };
};

/** /blog/tag/{tag} (SPEC §2): the news list of one tag; 404 for a tag the blog does not have. */
export const Route = createFileRoute('/blog/tag/$tag')({
  // One chunk for the page's loader and screen: every chunk's name is in the first download.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: tagPageSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, params }) => loadBlog(context, { ...deps.search, tag: params.tag }, true),
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: BlogTagRoute,
});

function BlogTagRoute() {
  const { tag } = Route.useParams();
  return <BlogPage search={{ ...Route.useSearch(), tag }} tagInPath />;
}
