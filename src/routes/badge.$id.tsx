import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { badgeListQueryOptions } from '../features/listing/api/get-badge-list';
import { ListingPage } from '../features/listing/components/listing-page';
import { filtersOf, listingSearchSchema, type ListingSearch } from '../features/listing/listing-search';
import { loadListing } from '../features/listing/load-listing';
import { SearchPanels } from '../features/search/components/search-panels';

/** /badge/{id}: the products carrying a badge (1 is Featured), with filters, sort and infinite scroll (SPEC §2). */
export const Route = createFileRoute('/badge/$id')({
  // The loader (and the listing calls it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component']],
  params: { parse: ({ id }) => ({ id: Number(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => ({ filters: filtersOf(search) }),
  loader: ({ context, params, deps }) => loadListing(context.queryClient, { kind: 'badge', id: params.id }, deps.filters),
  component: BadgeListing,
});

function BadgeListing() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: ListingSearch, { replace }: { replace: boolean }) => void navigate({ search: next, replace, resetScroll: false }),
    [navigate],
  );
  return (
    <ListingPage
      key={id}
      source={{ kind: 'badge', id }}
      search={search}
      listQuery={badgeListQueryOptions(id, filtersOf(search))}
      onSearchChange={onSearchChange}
      searchForms={<SearchPanels layout="stacked" title="Search for a part" id="listing-search" />}
    />
  );
}
