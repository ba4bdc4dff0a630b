/**
 * /thumbs (SPEC §2, §9): a product image at one of the fixed sizes, as WebP. Each (image, size,
 * version) is drawn and rasterised with sharp once, then read from the disk cache in
 * DATA_DIR/thumbs; a new version (the picture changed) is a new file and a new URL.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from '../../http/sharp';
import { THUMB_SIZES, thumbPath, withThumbSize, type ThumbSize } from '../../../src/domain/thumbs';
import { type Drawing, drawingVersion, drawSvg } from './drawing';
import type { ThumbRepository } from './repository';

/** WebP quality: flat drawings stay crisp at it, and a gallery image stays a few tens of KB. */
const WEBP_QUALITY = 74;

/** A part image ('1234') or a vehicle product image ('v56'), as /thumbs/{id} names it. */
export interface ImageId {
  kind: 'part' | 'vehicle';
  id: number;
}

const MAX_ID = 2_147_483_647;

/** The image a /thumbs/{id} segment names, or undefined when it names none. */
export function parseImageId(segment: string): ImageId | undefined {
  const match = /^(v?)([1-9][0-9]{0,9})$/.exec(segment);
  if (!match) return undefined;
  const id = Number(match[2]);
  if (id > MAX_ID) return undefined;
  return { kind: match[1] ? 'vehicle' : 'part', id };
}

const idSegment = ({ kind, id }: ImageId) => (kind === 'vehicle' ? `v${id}` : String(id));

/** The URL of a part image at `size`, versioned by what it is drawn from. */
export const partImageUrl = (imageId: number, drawing: Drawing, size: ThumbSize): string =>
  thumbPath(idSegment({ kind: 'part', id: imageId }), drawingVersion(drawing), size);

/**
 * A part image's URL from its id alone, unversioned, so caches keep it for minutes rather than a
 * year: for callers that have not read the image's seed ({@link partImageUrl} is the better URL).
 */
export const thumbUrl = (imageId: number, size: ThumbSize = 'card'): string => withThumbSize(`/thumbs/${imageId}`, size);

/** The URL of a vehicle product image at `size`. */
export const vehicleImageUrl = (imageId: number, drawing: Drawing, size: ThumbSize): string =>
  thumbPath(idSegment({ kind: 'vehicle', id: imageId }), drawingVersion(drawing), size);

export interface Thumb {
  body: Buffer;
  version: string;
}

/** WebP for every browser the shop supports; JPEG for whatever cannot read WebP (mail clients, feeds). */
export type ThumbFormat = 'webp' | 'jpeg';

/** Rasterises the drawing at `size` (drawn at that size, so nothing is scaled up or blurred). */
export async function renderThumb(drawing: Drawing, size: ThumbSize, format: ThumbFormat = 'webp'): Promise<Buffer> {
  const { width, height } = THUMB_SIZES[size];
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(drawSvg(drawing, width, height))).resize(width, height, { fit: 'cover' });
  return (format === 'jpeg' ? image.jpeg({ quality: 82, mozjpeg: true }) : image.webp({ quality: WEBP_QUALITY, effort: 4 })).toBuffer();
}

export function createThumbService({ repository, cacheDir }: { repository: ThumbRepository; cacheDir: string }) {
  // Two requests for the same new thumb share one rendering.
  const rendering = new Map<string, Promise<Buffer>>();
  let madeDir: Promise<unknown> | undefined;

  async function cached(file: string, drawing: Drawing, size: ThumbSize, format: ThumbFormat): Promise<Buffer> {
    try {
      return await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let pending = rendering.get(file);
    if (!pending) {
      pending = (async () => {
        const body = await renderThumb(drawing, size, format);
        madeDir ??= mkdir(cacheDir, { recursive: true });
        await madeDir;
        // Written aside and renamed: a reader never sees half a file, another process at worst
        // renders the same bytes once more.
        const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        await writeFile(partial, body);
        await rename(partial, file);
        return body;
      })().finally(() => rendering.delete(file));
      rendering.set(file, pending);
    }
    return pending;
  }

  return {
    /** The image at `size` and its current version; undefined when no such image exists. */
    async thumb(image: ImageId, size: ThumbSize, format: ThumbFormat = 'webp'): Promise<Thumb | undefined> {
      const found = image.kind === 'part' ? await repository.partImage(image.id) : { drawing: await repository.vehicleImage(image.id), stored: false };
      if (!found?.drawing) return undefined;
      const version = drawingVersion(found.drawing);
      // An uploaded photo: its sizes were encoded once, at upload (the drawing's seed stands for the file).
      if (found.stored) {
        const body = await repository.photoFile(image.id, size, format);
        return body && { body, version };
      }
      const file = path.join(cacheDir, `${idSegment(image)}-${size}-${version}.${format === 'jpeg' ? 'jpg' : 'webp'}`);
      return { body: await cached(file, found.drawing, size, format), version };
    },
  };
}
