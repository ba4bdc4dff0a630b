/**
 * Search rule of SPEC §2 used by the search summary. Local until src/domain provides it
 * (suggested name there: searchModeOf, beside the search parameters).
 */

export type SearchMode = 'vrn' | 'oem' | 'make-model';

/** The mode of a search: vrn if a vrn is present, oem if an oem is present, otherwise make-model (SPEC §2). */
export function searchModeOf(search: { vrn?: string | undefined; oem?: string | undefined }): SearchMode {
  if (search.vrn) return 'vrn';
  if (search.oem) return 'oem';
  return 'make-model';
}
