import { createFileRoute } from '@tanstack/react-router';
import { partTypesQueryOptions } from '../features/search/api/get-part-types';
import { HomeIntro, ShopPromises } from '../features/search/components/home-intro';
import { SearchPanels } from '../features/search/components/search-panels';
import { useDocumentTitle } from '../shared/hooks/use-document-title';

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(partTypesQueryOptions()),
  component: HomePage,
});

function HomePage() {
  useDocumentTitle(undefined);
  return (
    <>
      <HomeIntro />
      <SearchPanels />
      <ShopPromises />
    </>
  );
}
