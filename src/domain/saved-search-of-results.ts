/**
 * Issue 17: which search a results page (/categories) saves. Apart from saved-searches.ts, so the
 * results page carries only this rule and the rest comes with the save dialog.
 */
import type { SavedSearchQuery } from './saved-searches';
import type { CategoriesSearch } from './search';

/**
 * What 'Save this search' saves from a results page: the search as the page ran it, by its mode
 * (SPEC §2: a registration wins over a part number, which wins over make/model), so a saved search
 * re-opens the same results. Null when there is nothing a saved search can keep: no search terms,
 * or the parts of one donor vehicle (its stock number never gets new parts).
 */
export function savedSearchOfResults(search: CategoriesSearch): SavedSearchQuery | null {
  if (search.stock) return null;
  const partType = search.partType === undefined ? {} : { partType: search.partType };
  if (search.vrn) return { vrn: search.vrn, ...(search.model ? { model: search.model } : {}), ...partType };
  if (search.oem) return { oem: search.oem, ...partType };
  if (!search.make) return null;
  return {
    make: search.make,
    ...(search.model ? { model: search.model } : {}),
    ...(search.year === undefined ? {} : { year: search.year }),
    ...partType,
  };
}
