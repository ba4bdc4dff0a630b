import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import { partTypesQueryOptions } from '../shared/catalogue/get-part-types';
import { HomeIntro, ShopPromises } from '../features/search/components/home-intro';
import { SearchPanels } from '../features/search/components/search-panels';
import { isSignedInMember, useAppProps } from '../shared/app-props';
import { HOME_DESCRIPTION, HOME_TITLE, pageHead } from '../shared/head';
import { BrowserOnly } from '../shared/ui/browser-only';
import styles from '../features/categories/components/category-space.module.css';
import { lazyWhenOnline } from '../shared/lazy-when-online';

// Below the search: its code and data load after the first paint.
// The parts this phone viewed (issue 16), read from its own store: in the browser only, its code
// and idb-keyval loading after the first paint, so the search screen's first download is unchanged.
const RecentlyViewed = lazyWhenOnline(() => import('../shared/offline/recently-viewed'));
// A signed-in member's garage vehicles as one-tap searches (issue 17): after hydration, members only.
const GarageSearches = lazyWhenOnline(() => import('../shared/garage/garage-searches'));
// The featured jobs block (SPEC §2): its code comes after hydration and asks for its jobs only
// when it nears the screen, so neither is in the search screen's first download.
const FeaturedJobs = lazyWhenOnline(() => import('../features/content/components/featured-jobs'));
const CategoryLinks = lazyWhenOnline(() => import('../features/categories/components/category-links').then((module) => ({ default: module.CategoryLinks })));

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(partTypesQueryOptions());
  },
  head: ({ match }) => pageHead({ title: HOME_TITLE, description: HOME_DESCRIPTION, canonicalPath: '/', publicUrl: match.context.publicUrl }),
  component: HomePage,
});

function HomePage() {
  const navigate = useNavigate();
  const signedIn = isSignedInMember(useAppProps());
  return (
    <>
      <HomeIntro />
      <SearchPanels />
      <BrowserOnly>
        <Suspense fallback={null}>
          {signedIn ? <GarageSearches /> : null}
          <RecentlyViewed />
        </Suspense>
      </BrowserOnly>
      <ShopPromises />
      <Suspense fallback={<div className={styles.categoriesSpace} />}>
        <CategoryLinks navigate={(path) => void navigate({ href: path })} />
      </Suspense>
      <BrowserOnly>
        <Suspense fallback={null}>
          <FeaturedJobs />
        </Suspense>
      </BrowserOnly>
    </>
  );
}
