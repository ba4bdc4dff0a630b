/**
 * Issue 17's saved searches as the screens see them: the results page a saved search opens and
 * how a saved search is described (the save dialog, the account). Pure; the shapes follow
 * src/contract/saved-searches.ts (the domain imports no contract, so they are written out here and
 * the contract's type fits them). Which search a results page saves is saved-search-of-results.ts,
 * apart, so the results page carries only that rule until the dialog opens.
 */
import { formatMoney } from './money';

/** What a saved search searches: part-search's own query plus gross price bounds in pence. */
export interface SavedSearchQuery {
  vrn?: string | undefined;
  oem?: string | undefined;
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  partType?: number | undefined;
  soldOut?: boolean | undefined;
  price_from?: number | undefined;
  price_to?: number | undefined;
}

/** The query keys of a saved search the /categories page reads, in the order they are written. */
const RESULTS_KEYS = ['vrn', 'oem', 'make', 'model', 'year', 'partType'] as const;

/**
 * The results page a saved search opens: /categories with the search's own values, the same
 * address the server answers a run with. Offline the page then opens from the answer the phone
 * kept for exactly this search; price bounds count the matches and are not part of the address.
 */
export function savedSearchUrl(params: SavedSearchQuery): string {
  const query = new URLSearchParams();
  for (const key of RESULTS_KEYS) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  if (params.soldOut) query.set('soldOut', 'true');
  return `/categories?${query.toString()}`;
}

/** The price bounds of a saved search as a person reads them, or null without any. */
export function priceBoundsText(params: Pick<SavedSearchQuery, 'price_from' | 'price_to'>): string | null {
  const from = params.price_from;
  const to = params.price_to;
  if (from !== undefined && to !== undefined) return `${formatMoney(from)} to ${formatMoney(to)}`;
  if (from !== undefined) return `from ${formatMoney(from)}`;
  if (to !== undefined) return `up to ${formatMoney(to)}`;
  return null;
}

/**
 * What a saved search searches, in one line: 'Registration AB12CDE · Headlight (Right)',
 * 'Part number AV6N-10300', '2012 FORD Focus Mk3 · Alternator · up to £70.00'.
 */
export function savedSearchSummary(params: SavedSearchQuery, partTypeName: string | null): string {
  const subject = params.vrn
    ? `Registration ${params.vrn}${params.model ? ` (${params.model})` : ''}`
    : params.oem
      ? `Part number ${params.oem}`
      : [params.year, params.make, params.model].filter((word) => word !== undefined && word !== '').join(' ');
  const price = priceBoundsText(params);
  return [subject, partTypeName, price].filter(Boolean).join(' · ');
}
