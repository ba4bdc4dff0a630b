/** URL rules of SPEC §2: product page paths. */

// Letters that Unicode does not decompose into a base letter plus an accent.
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * The slug of a make, model or part name (SPEC §2): lower-cased; accents stripped ('Citroën' →
 * 'citroen', ligatures and letters such as ß, ø, ł spelt out); every run of characters that are
 * not a–z or 0–9 becomes one hyphen; no hyphen at either end. 'Mercedes-Benz  C-Class (W204)' →
 * 'mercedes-benz-c-class-w204'. Idempotent; a name with no letters or digits slugs to ''.
 */
export function slugify(text: string): string {
  // Nearly every name is ASCII, and a search's cards slug three names each: ASCII needs none of
  // the Unicode steps (NFKD leaves it as it is; it has no marks and none of the letters above).
  if (isAscii(text)) return asciiSlug(text);
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The same steps for ASCII in one pass: a–z (lower-cased) and 0–9 kept, every other run one hyphen. */
function asciiSlug(text: string): string {
  let slug = '';
  let gap = false;
  for (let i = 0; i < text.length; i += 1) {
    let code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) code += 32;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (gap && slug !== '') slug += '-';
      gap = false;
      slug += String.fromCharCode(code);
    } else gap = true;
  }
  return slug;
}

export interface ProductPathInput {
  make?: string | null;
  model?: string | null;
  partName?: string | null;
  tag: string;
}

/**
 * SPEC §2 product URL: '/product/{make-slug}/{model-slug}/{part-name-slug}/{Tag}', slugs by
 * {@link slugify}. A make, model or part name that is missing (or slugs to nothing) is replaced by
 * the word Make, Model or PartName. The Tag is the part's identity, so it is kept exactly as it is
 * and only URL-encoded.
 */
export function productPath({ make, model, partName, tag }: ProductPathInput): string {
  return `/product/${pathSegment(make, 'Make')}/${pathSegment(model, 'Model')}/${pathSegment(partName, 'PartName')}/${encodeURIComponent(tag)}`;
}

const pathSegment = (value: string | null | undefined, stand: string) => slugify(value ?? '') || stand;

export interface CartAddPathInput {
  /** The part's Tag (SPEC §2: product = Tag). */
  product: string;
  /** The chosen warranty's id; leave out for none chosen. */
  warranty?: number | null | undefined;
  /** Quick buy: open the full cart page instead of the cart sidebar. */
  quick?: boolean | undefined;
}

/** Path segment standing for "no warranty chosen" when a later segment (quick) must follow. */
export const NO_WARRANTY_SEGMENT = '0';

/**
 * SPEC §2 named route cart-add `:product/:warranty?/:quick?` under /cart:
 * '/cart/add/{Tag}', '/cart/add/{Tag}/{warrantyId}', '/cart/add/{Tag}/{warrantyId|0}/true'.
 * The quick flag is the word 'true' (SPEC §9); a missing warranty before it is written 0.
 */
export function cartAddPath({ product, warranty, quick }: CartAddPathInput): string {
  const parts = ['/cart/add', encodeURIComponent(product)];
  const hasWarranty = warranty != null && warranty > 0;
  if (hasWarranty || quick) parts.push(hasWarranty ? String(warranty) : NO_WARRANTY_SEGMENT);
  if (quick) parts.push('true');
  return parts.join('/');
}
