/**
 * The wishlist (SPEC §1 extras, §2 'wishlist button', §3 on_member_wishlist, §6): SPEC §7 does
 * not show its calls, so they are designed here. A member keeps parts by Tag (stable across
 * catalogue rebuilds, like cart lines); a part stays on the list when it is sold, marked sold.
 *
 * Hearts: a part's page answer (GET /products/part/{Tag}.json, and the page the server renders)
 * carries `on_member_wishlist` true for a signed-in member whose list holds the part; that answer
 * is private (Cache-Control: private, no-store) and never kept, while everyone else's stays the
 * public, kept one with false. Product cards in listings carry no such field: a signed-in page
 * asks GET /wishlist/tags.json once, fills each heart from that set and keeps the set current from
 * the toggle's answers. Vehicles have no Tag and are not wishlisted (their field is always false).
 *
 * Signed out (or a checkout guest): every call answers 401; the page opens the login modal and,
 * once the member-logged-in event comes, sends the toggle it was asked for (SPEC §6).
 */
import * as z from 'zod/mini';
import { TAG_PATTERN } from '../domain/validation';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

const tagSchema = lazySchema(() => z.string().check(z.trim(), z.regex(TAG_PATTERN, 'Letters, digits and dashes only.')));

/**
 * One part on the wishlist. `price` is the gross price in pence (VAT included, as the card shows
 * it); `url` the part's page; `image` its main picture (a /thumbs URL, or '' without one).
 * `available` is true while it can be bought; `sold` when it has been sold (the screen marks it
 * and offers no basket button). A part neither (reserved by someone's unpaid order, or coming
 * soon) shows without the basket button. `added` is when it was put on the list (ISO).
 */
export const wishlistItemSchema = lazySchema(() => z.object({
  tag: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.int(),
  url: z.string(),
  available: z.boolean(),
  sold: z.boolean(),
  added: z.string(),
}));
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/**
 * GET /wishlist/getList.json — the signed-in member's wishlist, most recently added first (at
 * most a few hundred parts: no paging). A Tag whose part the catalogue no longer has is left out.
 * 401 when nobody is signed in.
 */
export const getWishlist = defineCall({
  method: 'GET',
  path: '/wishlist/getList.json',
  summary: "The signed-in member's wishlist",
  response: lazySchema(() => success({ records: z.array(wishlistItemSchema) })),
});

/** GET /wishlist/tags.json — the Tags on the signed-in member's wishlist, for the hearts. 401 signed out. */
export const getWishlistTags = defineCall({
  method: 'GET',
  path: '/wishlist/tags.json',
  summary: "The Tags on the signed-in member's wishlist",
  response: lazySchema(() => success({ tags: z.array(z.string()) })),
});

/**
 * POST /wishlist/toggle {tag} — puts the part on the member's wishlist, or takes it off when it
 * is there; `on_member_wishlist` is the state afterwards and `msg` says which happened. A sold
 * part can be taken off but not put on.
 *
 * Failures: 401 signed out; 403 without the CSRF token; 404 for a Tag the catalogue does not have;
 * 409 putting a sold part on the list; 422 for a malformed tag.
 */
export const toggleWishlist = defineCall({
  method: 'POST',
  path: '/wishlist/toggle',
  summary: "Puts a part on the member's wishlist or takes it off",
  body: lazySchema(() => z.object({ tag: tagSchema })),
  response: lazySchema(() => success({ on_member_wishlist: z.boolean(), msg: z.string() })),
});
