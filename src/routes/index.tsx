import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { partTypesQueryOptions } from '../shared/catalogue/get-part-types';
import { HomeIntro, ShopPromises } from '../features/search/components/home-intro';
import { SearchPanels } from '../features/search/components/search-panels';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import styles from '../features/categories/components/category-space.module.css';

// Below the search: its code and data load after the first paint.
const CategoryLinks = lazy(() => import('../features/categories/components/category-links').then((module) => ({ default: module.CategoryLinks })));

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(partTypesQueryOptions()),
  component: HomePage,
});

function HomePage() {
  useDocumentTitle(undefined);
  const navigate = useNavigate();
  return (
    <>
      <HomeIntro />
      <SearchPanels />
      <ShopPromises />
      <Suspense fallback={<div className={styles.categoriesSpace} />}>
        <CategoryLinks navigate={(path) => void navigate({ href: path })} />
      </Suspense>
    </>
  );
}
