/**
 * Page data embedded in the HTML of a product URL (SPEC §7: "page data is also embedded"), so the
 * product page's first paint needs no call.
 *
 * The server puts, in the head of every /product/… page it finds:
 *
 *   <script id="page-data" type="application/json">{"partPage": …}</script>
 *
 * where the value is exactly the answer of GET /web-api/products/part/{Tag}.json (getPartPage), or
 * `{"vehiclePage": …}` with exactly the answer of GET /web-api/products/vehicle/{slug}.json
 * (getVehiclePage). The JSON is escaped for a script element (<, >, & as \u003c…), which
 * JSON.parse reads back unchanged. A product that does not exist gets no element (and status 404).
 * Pages served by the service worker's precached shell carry none either: the client then fetches
 * the call as usual.
 */
import * as z from 'zod/mini';
import { getPartPage, getVehiclePage } from './catalogue';

/** The id of the <script type="application/json"> element holding the page data. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export const pageDataSchema = z.union([
  z.object({ partPage: getPartPage.response }),
  z.object({ vehiclePage: getVehiclePage.response }),
]);
export type PageData = z.infer<typeof pageDataSchema>;
