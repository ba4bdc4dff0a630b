import { createFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../features/listing/components/listing-page';
import { filtersOf, listingParams, listingSearchSchema } from '../features/listing/listing-search';
import { loadListing } from '../features/listing/load-listing';
import { SearchPanels } from '../features/search/components/search-panels';
import { pageHead } from '../shared/head';

/** /category/{id}: a category's products with filters, sort and infinite scroll (SPEC §2). */
export const Route = createFileRoute('/category/$id')({
  // The loader (and the listing calls it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component']],
  params: listingParams,
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => ({ filters: filtersOf(search) }),
  loader: ({ context, params, deps }) => loadListing(context.queryClient, { kind: 'category', id: params.id }, deps.filters),
  head: ({ loaderData, match }) => (loaderData ? pageHead({ ...loaderData, publicUrl: match.context.publicUrl }) : {}),
  component: CategoryListing,
});

function CategoryListing() {
  const { id } = Route.useParams();
  return (
    <ListingPage
      key={id}
      source={{ kind: 'category', id }}
      search={Route.useSearch()}
      navigate={Route.useNavigate()}
      searchForms={<SearchPanels layout="stacked" title="Search for a part" id="listing-search" />}
    />
  );
}
