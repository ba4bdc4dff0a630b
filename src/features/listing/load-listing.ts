/**
 * The loader of both listing routes: the listing's filters and title, the part types the cards
 * name parts with, and page 1 of the products, all into the one query cache the page reads.
 */
import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { pageTitle } from '../../shared/head';
import { partTypesQueryOptions } from '../../shared/catalogue/get-part-types';
import { badgeListQueryOptions } from './api/get-badge-list';
import { categoryListQueryOptions } from './api/get-category-list';
import { listingFiltersQueryOptions } from './api/get-listing-filters';
import type { ListingSource } from './api/listing-query';
import type { ListingFilters } from './listing-search';

/** The listing's products, page by page: what the loader fills and the page reads. */
export const listingProductsQueryOptions = (source: ListingSource, filters: ListingFilters) =>
  source.kind === 'category' ? categoryListQueryOptions(source.id, filters) : badgeListQueryOptions(source.id, filters);

/** What the listing's head() says: its title and description, with the listing's own URL as canonical. */
export interface ListingHead {
  title: string;
  description: string;
  canonicalPath: string;
}

export async function loadListing(queryClient: QueryClient, source: ListingSource, filters: ListingFilters): Promise<ListingHead> {
  if (!Number.isInteger(source.id) || source.id < 1) throw notFound();
  try {
    const [options] = await Promise.all([
      queryClient.ensureQueryData(listingFiltersQueryOptions(source)),
      queryClient.ensureQueryData(partTypesQueryOptions()),
      // A failed page 1 is shown by the list itself (SPEC §8), not as a broken page.
      queryClient.ensureInfiniteQueryData(listingProductsQueryOptions(source, filters)).catch(() => undefined),
    ]);
    return {
      title: pageTitle(options.title),
      description: `${options.title}: used parts, each checked, graded and sold with a warranty. Prices in GBP inc. VAT, UK delivery.`,
      // Filters, sort and pages show the same listing: its own address is the one to index.
      canonicalPath: `/${source.kind}/${source.id}`,
    };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
