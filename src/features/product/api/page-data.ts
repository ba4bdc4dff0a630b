/**
 * The page data the server embeds in a product URL's HTML (src/contract/page-data.ts), read once:
 * it describes the page as it was when the HTML was sent, so it seeds the query cache of the first
 * product page only, and later visits ask the API.
 */
import { PAGE_DATA_ELEMENT_ID, pageDataSchema, type PageData } from '../../../contract/page-data';

let embedded: PageData | null | undefined;

function read(): PageData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = pageDataSchema.safeParse(JSON.parse(element.textContent));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The embedded page data the first time it is asked for; null ever after, or when there is none. */
export function takePageData(): PageData | null {
  if (embedded !== undefined) return null;
  embedded = read();
  return embedded;
}
