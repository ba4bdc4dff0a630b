/**
 * The loader of /product/…: which page the URL names and its data, in the query cache the page
 * reads. SPEC §2 product URLs are /product/{make}/{model}/{part-name}/{Tag} for a part and
 * /product/{slug} for either a vehicle product or a part; the last segment identifies the product.
 *
 * A path of several segments is a part; a single segment is asked of the part call first (a Tag)
 * and then of the vehicle call (a slug), as the server itself decides.
 */
import type { QueryClient } from '@tanstack/react-query';
import { appPropsQueryOptions } from '../../shared/app-props';
import type { Head } from '../../shared/head';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '../../shared/api/api-error';
import { partPageQueryOptions } from './api/get-part-page';
import { vehiclePageQueryOptions } from './api/get-vehicle-page';
import { partPageHead, vehiclePageHead } from './product-head';

/**
 * `needs-signal`: no signal and nothing kept for this address (a part never viewed on this phone,
 * issue 16); the page says so rather than failing, and loads again when the signal returns.
 */
export type ProductPageRef = { kind: 'part'; tag: string } | { kind: 'vehicle'; slug: string } | { kind: 'needs-signal'; id: string };

/** The server's patterns for a Tag and a vehicle slug (src/contract/catalogue.ts). */
const TAG = /^[A-Za-z0-9-]{1,40}$/;
const SLUG = /^[a-z0-9-]{1,120}$/;

const isNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 422);
const isNetworkFailure = (error: unknown) => isApiError(error) && error.kind === 'network';

/**
 * Puts the part's kept data (src/shared/offline/viewed-store.ts) in the cache with the time the
 * shop answered it, so the page shows it as of then. The store's code (and idb-keyval) loads only
 * here, when the signal is gone. False for a part never viewed on this phone.
 */
async function openKeptPart(queryClient: QueryClient, tag: string): Promise<boolean> {
  const kept = await import('../../shared/offline/viewed-store').then((store) => store.readViewedPart(tag)).catch(() => undefined);
  if (!kept) return false;
  queryClient.setQueryData(partPageQueryOptions(tag).queryKey, kept.data, { updatedAt: kept.fetchedAt });
  return true;
}

/** A part the shop no longer knows is not offered offline either. */
async function forgetKeptPart(tag: string): Promise<void> {
  if (typeof window === 'undefined') return;
  await import('../../shared/offline/viewed-store').then((store) => store.forgetViewedPart(tag)).catch(() => undefined);
}

export async function loadProductPage(queryClient: QueryClient, splat: string | undefined): Promise<ProductPageRef> {
  const segments = (splat ?? '').split('/').filter(Boolean);
  const id = segments.at(-1);
  if (!id) throw notFound();
  const part = partPageQueryOptions(id);
  const vehicle = vehiclePageQueryOptions(id);
  // Back on a page seen before: its data says what it is.
  if (queryClient.getQueryData(part.queryKey)) return { kind: 'part', tag: id };
  if (queryClient.getQueryData(vehicle.queryKey)) return { kind: 'vehicle', slug: id };

  if (TAG.test(id)) {
    try {
      await queryClient.ensureQueryData(part);
      return { kind: 'part', tag: id };
    } catch (error) {
      // No signal: the copy kept when the part was last viewed (issue 16), with its own time.
      if (isNetworkFailure(error)) return (await openKeptPart(queryClient, id)) ? { kind: 'part', tag: id } : { kind: 'needs-signal', id };
      if (isNotFound(error)) void forgetKeptPart(id);
      if (!isNotFound(error) || segments.length > 1 || !SLUG.test(id)) throw isNotFound(error) ? notFound() : error;
    }
  }
  if (segments.length === 1 && SLUG.test(id)) {
    try {
      await queryClient.ensureQueryData(vehicle);
      return { kind: 'vehicle', slug: id };
    } catch (error) {
      if (isNetworkFailure(error)) return { kind: 'needs-signal', id };
      throw isNotFound(error) ? notFound() : error;
    }
  }
  throw notFound();
}

/** The product's head (title, description, canonical, Open Graph, JSON-LD) from the data just loaded. */
export function productPageHead({ queryClient, publicUrl }: { queryClient: QueryClient; publicUrl: string }, page: ProductPageRef): Head | undefined {
  const facts = { publicUrl, currency: queryClient.getQueryData(appPropsQueryOptions().queryKey)?.defaultCurrency ?? 'GBP' };
  if (page.kind === 'needs-signal') return undefined;
  if (page.kind === 'part') {
    const data = queryClient.getQueryData(partPageQueryOptions(page.tag).queryKey);
    return data && partPageHead(data, facts);
  }
  const data = queryClient.getQueryData(vehiclePageQueryOptions(page.slug).queryKey);
  return data && vehiclePageHead(data, facts);
}
