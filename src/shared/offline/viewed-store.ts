/**
 * The parts the visitor viewed, kept on the phone for when the signal is gone (issue 16): each
 * part page's data with the time the shop answered it, in IndexedDB (idb-keyval), and its pictures
 * in a Cache Storage cache the service worker answers them from (src/sw/viewed-images.ts). The
 * newest 100 parts and at most 50 MB stay (src/domain/viewed-parts.ts); an evicted part's
 * pictures go with it. The page writes both (not the worker), so a part viewed on the very first
 * visit, before the worker controls the page, is kept too.
 *
 * This module loads with the part page and with the 'Recently viewed' strip, never with the home
 * page's first download.
 */
import { createStore, del, delMany, get, set, type UseStore } from 'idb-keyval';
import type { getPartPage } from '../../contract/catalogue';
import type { CallResponse } from '../../contract/define';
import { VIEWED_IMAGES_CACHE } from '../../contract/offline';
import { withThumbSize } from '../../domain/thumbs';
import { evictForRoom, isQuotaExceeded, keepNewestViewed } from '../../domain/viewed-parts';

export type ViewedPartData = CallResponse<typeof getPartPage>;

/** One viewed part as the strip lists it, and what eviction weighs. */
export interface ViewedPart {
  tag: string;
  /** The address the part page was opened at. */
  path: string;
  name: string;
  /** The strip's picture (thumbnail size), or '' when the part has none. */
  image: string;
  imageAlt: string;
  /** Net price in pence as of fetchedAt. */
  netPrice: number;
  /** When the person last opened the page (epoch ms). */
  viewedAt: number;
  /** When the shop answered the data kept (epoch ms). */
  fetchedAt: number;
  /** The pictures kept for it and their sizes in bytes. */
  images: { url: string; bytes: number }[];
  /** Data and pictures, in bytes. */
  bytes: number;
}

/** A part page's data as kept, with when the shop answered it. */
export interface KeptPart {
  data: ViewedPartData;
  fetchedAt: number;
}

const INDEX_KEY = 'index';
const partKey = (tag: string) => `part:${tag}`;

let store: UseStore | undefined;
/** Opened on first use: a page that never views a part never opens the database. */
const viewedStore = () => (store ??= createStore('shop-viewed-parts', 'parts'));

const storageAvailable = () => typeof indexedDB !== 'undefined';
const cachesAvailable = () => typeof caches !== 'undefined';

/**
 * The pictures a part page shows, as the gallery asks for them (each picture at gallery size, and
 * at thumbnail size for the strip and the gallery's thumbnails).
 */
export function viewedImageUrls(data: ViewedPartData): string[] {
  const sources = data.product.Images.map((image) => image.url);
  const urls = sources.flatMap((src) => [withThumbSize(src, 'gallery'), withThumbSize(src, 'thumb')]);
  return [...new Set(urls.filter(Boolean))];
}

/** The viewed parts, newest first (empty where the browser keeps no IndexedDB). */
export async function readViewedParts(): Promise<ViewedPart[]> {
  if (!storageAvailable()) return [];
  const index = (await get<ViewedPart[]>(INDEX_KEY, viewedStore())) ?? [];
  return [...index].sort((a, b) => b.viewedAt - a.viewedAt);
}

/** A viewed part's kept data, or undefined for a part never viewed (or evicted). */
export async function readViewedPart(tag: string): Promise<KeptPart | undefined> {
  if (!storageAvailable()) return undefined;
  return get<KeptPart>(partKey(tag), viewedStore());
}

/**
 * Runs a write of the part `keeping`; when the browser refuses the space (QuotaExceededError), the
 * part viewed longest ago goes with its pictures and the write is tried again, until it fits or no
 * other part is left (then the refusal stands). The queued writes are elsewhere and never evicted.
 */
async function withRoom<T>(keeping: string, write: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isQuotaExceeded(error)) throw error;
      const oldest = evictForRoom((await get<ViewedPart[]>(INDEX_KEY, viewedStore())) ?? [], keeping);
      if (!oldest) throw error;
      await forgetViewedPart(oldest.tag);
    }
  }
}

/** Keeps the pictures not kept yet, and says every picture's size; a picture that fails is left out. */
async function keepImages(urls: string[], known: Map<string, number>, room: <T>(write: () => Promise<T>) => Promise<T>): Promise<{ url: string; bytes: number }[]> {
  if (!cachesAvailable()) return [];
  const cache = await caches.open(VIEWED_IMAGES_CACHE);
  const kept = await Promise.all(
    urls.map(async (url) => {
      const cached = await cache.match(url, { ignoreVary: true });
      if (cached) return { url, bytes: known.get(url) ?? (await cached.blob()).size };
      // The page has just shown it: the browser's HTTP cache (or the worker) answers without the network.
      const fetched = await fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
      if (!fetched?.ok) return undefined;
      // No room even after evicting older parts: the picture is simply not kept.
      const stored = await room(() => cache.put(url, fetched.clone())).then(
        () => true,
        () => false,
      );
      return stored ? { url, bytes: (await fetched.blob()).size } : undefined;
    }),
  );
  return kept.filter((image) => image !== undefined);
}

async function dropImages(urls: string[]): Promise<void> {
  if (!cachesAvailable() || urls.length === 0) return;
  const cache = await caches.open(VIEWED_IMAGES_CACHE);
  await Promise.all(urls.map((url) => cache.delete(url, { ignoreVary: true })));
}

/** One recording at a time in this page, so two quick views never write the index over each other. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Keeps a part page just shown: its data (unless a newer copy is already kept), its pictures, and
 * its place in the list; then evicts the oldest beyond 100 parts or 50 MB, pictures included.
 */
export function recordViewedPart(data: ViewedPartData, fetchedAt: number, path: string, now = Date.now()): Promise<void> {
  const run = queue.then(() => record(data, fetchedAt, path, now));
  queue = run.catch(() => undefined);
  return run;
}

async function record(data: ViewedPartData, fetchedAt: number, path: string, now: number): Promise<void> {
  if (!storageAvailable()) return;
  const db = viewedStore();
  const tag = data.product.Tag;
  const previous = ((await get<ViewedPart[]>(INDEX_KEY, db)) ?? []).find((entry) => entry.tag === tag);
  const kept = await get<KeptPart>(partKey(tag), db);
  // A page drawn from an older copy (offline) must not replace newer data kept earlier.
  const newest = kept && kept.fetchedAt > fetchedAt ? kept : { data, fetchedAt };
  const room = <T>(write: () => Promise<T>) => withRoom(tag, write);
  if (newest !== kept) await room(() => set(partKey(tag), newest, db));

  const first = newest.data.product.Images[0];
  const dataBytes = new Blob([JSON.stringify(newest.data)]).size;
  const entryWith = (images: { url: string; bytes: number }[]): ViewedPart => ({
    tag,
    path,
    name: newest.data.product.name,
    image: first ? withThumbSize(first.url, 'thumb') : '',
    imageAlt: first?.alt || newest.data.product.name,
    netPrice: newest.data.product.Price,
    viewedAt: now,
    fetchedAt: newest.fetchedAt,
    images,
    bytes: dataBytes + images.reduce((sum, image) => sum + image.bytes, 0),
  });
  // Listed at once, so a part glanced at and left before its pictures are kept still opens
  // offline; then again with its pictures and their sizes.
  await room(() => saveEntry(db, entryWith(previous?.images ?? [])));
  const images = await keepImages(viewedImageUrls(newest.data), new Map(previous?.images.map((image) => [image.url, image.bytes])), room);
  await room(() => saveEntry(db, entryWith(images)));
}

/** Puts a part's entry in the list (replacing its own) and evicts what the rule says must go. */
async function saveEntry(db: UseStore, entry: ViewedPart): Promise<void> {
  // Read again: another tab may have written meanwhile.
  const latest = ((await get<ViewedPart[]>(INDEX_KEY, db)) ?? []).filter((other) => other.tag !== entry.tag);
  const { keep, evict } = keepNewestViewed([...latest, entry]);
  await set(INDEX_KEY, keep, db);
  if (evict.length === 0) return;
  const stillShown = new Set(keep.flatMap((part) => part.images.map((image) => image.url)));
  await delMany(
    evict.map((part) => partKey(part.tag)),
    db,
  );
  await dropImages(evict.flatMap((part) => part.images.map((image) => image.url)).filter((url) => !stillShown.has(url)));
}

/** Forgets one part (e.g. the shop no longer has it): its data, its pictures and its place in the list. */
export async function forgetViewedPart(tag: string): Promise<void> {
  if (!storageAvailable()) return;
  const db = viewedStore();
  const index = (await get<ViewedPart[]>(INDEX_KEY, db)) ?? [];
  const gone = index.find((entry) => entry.tag === tag);
  await set(
    INDEX_KEY,
    index.filter((entry) => entry.tag !== tag),
    db,
  );
  await del(partKey(tag), db);
  if (gone) await dropImages(gone.images.map((image) => image.url));
}
