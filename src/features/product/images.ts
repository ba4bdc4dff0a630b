/**
 * The sizes the product pages show pictures at (SPEC §9: gallery 862×520, thumbnails 184×115,
 * banners 1500×600), as /thumbs/{id}?size= URLs (src/domain/thumbs.ts). Width and height go on
 * each <img> so its box is reserved before the picture arrives.
 */
import { THUMB_SIZES, withThumbSize, type ThumbSize } from '../../domain/thumbs';

export const GALLERY: ThumbSize = 'gallery';
export const THUMBNAIL: ThumbSize = 'thumb';
export const BANNER: ThumbSize = 'banner';

export const sizeOf = (size: ThumbSize) => THUMB_SIZES[size];

/** The picture at `size`; an address that is not a /thumbs one is left as it is. */
export const sizedImage = (src: string, size: ThumbSize): string => withThumbSize(src, size);

/** One picture of a part's gallery and its alt text. */
export interface GalleryImage {
  src: string;
  alt: string;
}
