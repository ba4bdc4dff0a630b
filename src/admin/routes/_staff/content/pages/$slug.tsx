import { createFileRoute, notFound } from '@tanstack/react-router';
import { STATIC_PAGE_SLUGS, type StaticPageSlug } from '../../../../../contract/static-contents';
import { pageQuery } from '../../../../features/content/api';
import { PageEditScreen } from '../../../../features/content/page-edit-screen';

const isPageSlug = (slug: string): slug is StaticPageSlug => (STATIC_PAGE_SLUGS as readonly string[]).includes(slug);

export const Route = createFileRoute('/_staff/content/pages/$slug')({
  loader: ({ context, params }) => {
    if (!isPageSlug(params.slug)) throw notFound();
    return context.queryClient.ensureQueryData(pageQuery(params.slug));
  },
  component: function PageRoute() {
    const { slug } = Route.useParams();
    // The loader let only the list's slugs through.
    return <PageEditScreen key={slug} slug={slug as StaticPageSlug} />;
  },
});
