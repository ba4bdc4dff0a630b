import { createFileRoute } from '@tanstack/react-router';
import { articleListQuery } from '../../../../features/content/api';
import { ArticleFormScreen } from '../../../../features/content/article-form-screen';

export const Route = createFileRoute('/_staff/content/articles/new')({
  loader: ({ context }) => context.queryClient.ensureQueryData(articleListQuery()),
  component: () => <ArticleFormScreen />,
});
