/**
 * Product image URLs (SPEC §2 'thumbs/{id}', §9 image sizes). One image is served at a fixed set
 * of sizes, as WebP:
 *
 *   /thumbs/{id}?size={size}&v={version}
 *
 * - `id`: a part image's id ('1234'), or a vehicle product image's id with a 'v' ('v56').
 * - `size`: one of {@link THUMB_SIZES}; left out means 'card'. Any other value answers 422.
 * - `v`: the image's version, which changes whenever the picture does. With the current version
 *   the answer may be kept for a year (immutable); without it, or with an old one, for minutes.
 *
 * The API hands out complete URLs (MainImgURL, Images[].url, product_images[].image); a screen that
 * needs another size of the same image changes only the size, with {@link withThumbSize}.
 */

/** SPEC §9 sizes in CSS pixels, plus the product card's. */
export const THUMB_SIZES = {
  /** Product cards in listings and search results. */
  card: { width: 320, height: 240 },
  /** The part page's gallery and lightbox. */
  gallery: { width: 862, height: 520 },
  /** The gallery's thumbnail strip. */
  thumb: { width: 184, height: 115 },
  /** Popular products in the categories modal. */
  popular: { width: 70, height: 70 },
  /** Order lines in the account area. */
  order: { width: 255, height: 300 },
  /** Vehicle product banners. */
  banner: { width: 1500, height: 600 },
} as const;

export type ThumbSize = keyof typeof THUMB_SIZES;
export const THUMB_SIZE_NAMES = Object.keys(THUMB_SIZES) as [ThumbSize, ...ThumbSize[]];
export const DEFAULT_THUMB_SIZE: ThumbSize = 'card';

export const THUMBS_PATH = '/thumbs/';

export function isThumbSize(value: string): value is ThumbSize {
  return Object.hasOwn(THUMB_SIZES, value);
}

/** The URL of image `id` (see above) at `size`, version `version`. */
export function thumbPath(id: string, version: string, size: ThumbSize = DEFAULT_THUMB_SIZE): string {
  return `${THUMBS_PATH}${encodeURIComponent(id)}?size=${size}&v=${encodeURIComponent(version)}`;
}

/**
 * The same image at another size. A URL that is not a /thumbs/ URL (the placeholder, an outside
 * picture) is answered unchanged, since it has only the one size.
 */
export function withThumbSize(url: string, size: ThumbSize): string {
  if (!url.startsWith(THUMBS_PATH)) return url;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const params = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  params.set('size', size);
  // Size first, version second, whatever order the URL had, so equal images have equal URLs.
  const version = params.get('v');
  return version === null ? `${path}?size=${size}` : `${path}?size=${size}&v=${encodeURIComponent(version)}`;
}
