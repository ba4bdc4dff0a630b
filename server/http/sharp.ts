/**
 * sharp (libvips), loaded the first time a picture is drawn or a photo checked, not at start: most
 * API processes serve thumbs from their disk cache and never draw one, and loading it costs about
 * 19 MB of resident memory (libvips and its threads), docs/performance.md.
 *
 * libvips' own operation cache is off: it keeps up to 50 MB of decoded images and 100 operations
 * to answer a repeated operation, but the shop never repeats one (a thumb is drawn once, then read
 * from DATA_DIR/thumbs; an upload is encoded once). One libvips thread per operation: the server
 * draws few pictures and shares its cores with requests and the database, and each thread holds
 * its own buffers.
 */
import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(
    ({ default: sharp }) => {
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (error: unknown) => {
      // A failed load (a missing native add-on) is tried again by the next picture.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
