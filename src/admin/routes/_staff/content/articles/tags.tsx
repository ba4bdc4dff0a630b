import { createFileRoute } from '@tanstack/react-router';
import { articleTermListQuery } from '../../../../features/content/api';
import { ArticleTermsScreen } from '../../../../features/content/article-terms-screen';

export const Route = createFileRoute('/_staff/content/articles/tags')({
  loader: ({ context }) => context.queryClient.ensureQueryData(articleTermListQuery()),
  component: ArticleTermsScreen,
});
