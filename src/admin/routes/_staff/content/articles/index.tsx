import { createFileRoute } from '@tanstack/react-router';
import { articleListQuery } from '../../../../features/content/api';
import { ArticlesScreen } from '../../../../features/content/articles-screen';

export const Route = createFileRoute('/_staff/content/articles/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(articleListQuery()),
  component: ArticlesScreen,
});
