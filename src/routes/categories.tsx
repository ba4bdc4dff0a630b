import { createFileRoute } from '@tanstack/react-router';
import { categoriesSearchSchema } from '../domain/search';
import { PartRequestSection } from '../features/part-request/components/part-request-section';
import { SearchPanels } from '../features/search/components/search-panels';
import { followSearchQueryOptions } from '../features/search/api/follow-search';
import { partSearchQueryOptions } from '../features/search/api/part-search';
import { SearchResults, searchParamsOf } from '../features/search/components/search-results';
import { partTypesQueryOptions } from '../shared/catalogue/get-part-types';

/** /categories: the results of a search (SPEC §2), its query values cleaned by the domain's schema. */
export const Route = createFileRoute('/categories')({
  // The loader (and the search call it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: categoriesSearchSchema,
  // Written out rather than taken from the results module, which would then load with the route tree.
  loaderDeps: ({ search }) => ({
    vrn: search.vrn,
    oem: search.oem,
    make: search.make,
    model: search.model,
    year: search.year,
    partType: search.partType,
    stock: search.stock,
  }),
  loader: async ({ context, deps }) => {
    const searching = Boolean(deps.vrn || deps.oem || deps.make || deps.stock);
    const [, found] = await Promise.all([
      context.queryClient.ensureQueryData(partTypesQueryOptions()),
      // A failed search is shown by the page (the no-results flow of SPEC §8), not as a broken page.
      searching ? context.queryClient.ensureQueryData(partSearchQueryOptions(deps)).catch(() => undefined) : undefined,
    ]);
    // Nothing in stock: the other parts that fit (SPEC §2) come with the page. Fetched after
    // hydration they were drawn above the part request form and pushed it down (Lighthouse on a
    // phone: layout shift 0.145 on a make/model search with no parts); a failure shows none, as before.
    const answer = found?.data;
    if (answer?.code === 200 && answer.parts.length === 0 && answer.SearchID) {
      await context.queryClient.ensureQueryData(followSearchQueryOptions(answer.SearchID)).catch(() => undefined);
    }
  },
  component: CategoriesPage,
});

function CategoriesPage() {
  const search = Route.useSearch();
  return (
    <SearchResults
      key={JSON.stringify(searchParamsOf(search))}
      search={search}
      searchForms={({ cleared }) => <SearchPanels initial={search} cleared={cleared} layout="stacked" title="Change your search" id="search-again" />}
      partRequest={(defaults) => <PartRequestSection defaults={defaults} />}
    />
  );
}
