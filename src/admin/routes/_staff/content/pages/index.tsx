import { createFileRoute } from '@tanstack/react-router';
import { pageListQuery } from '../../../../features/content/api';
import { PagesScreen } from '../../../../features/content/pages-screen';

export const Route = createFileRoute('/_staff/content/pages/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(pageListQuery()),
  component: PagesScreen,
});
