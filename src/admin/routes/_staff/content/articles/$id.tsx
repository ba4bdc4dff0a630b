import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { articleListQuery, articleQuery } from '../../../../features/content/api';
import { ArticleFormScreen } from '../../../../features/content/article-form-screen';

export const Route = createFileRoute('/_staff/content/articles/$id')({
  loader: ({ context, params }) => Promise.all([context.queryClient.ensureQueryData(articleListQuery()), context.queryClient.ensureQueryData(articleQuery(Number(params.id)))]),
  component: function ArticleRoute() {
    const { id } = Route.useParams();
    const { data } = useSuspenseQuery(articleQuery(Number(id)));
    return <ArticleFormScreen key={id} article={data.record} />;
  },
});
