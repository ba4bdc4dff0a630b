/**
 * What the page and its service worker agree on for the offline views (issue 16): the Cache
 * Storage names each side reads or writes, and the header the worker stamps on a kept answer.
 */

/** Pictures of the parts the visitor viewed, written by the page with each part's data (src/shared/offline). */
export const VIEWED_IMAGES_CACHE = 'viewed-part-images';

/** Search and listing answers the worker keeps (network first), for opening them again offline. */
export const CATALOGUE_ANSWERS_CACHE = 'catalogue-answers';

/** Card pictures of the search results and listings kept with them. */
export const CARD_IMAGES_CACHE = 'card-images';

/** When the worker fetched a kept answer from the shop (ISO 8601): 'as of' on the offline notice. */
export const FETCHED_AT_HEADER = 'x-fetched-at';
