/**
 * The loyalty programme's calls of SPEC §7 (SPEC §2 'Loyalty discounts page', §3 'Discount
 * threshold' and 'Member progress'): the levels, a signed-in member's progress through them and
 * the page's two texts. Amounts are integer pence, VAT included (turnover is what the member's
 * paid orders came to, the same figure the cart's loyalty discount is read from).
 *
 * All three answer 404 while the feature flag discountThresholds is off (the account sidebar then
 * hides the loyalty link, SPEC §2).
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

/** SPEC §3 Discount threshold: a level from amount_from up to (not including) amount_to. */
export const discountThresholdSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  /** The level's colour for the thresholds bar and the table, e.g. 'rgba(142, 148, 155, 1)'. */
  color: z.string(),
  /** An icon name of the shop's set ('medal-silver'). */
  icon: z.string(),
  /** Percent off the goods, e.g. 2.5. */
  discount: z.number(),
  amount_from: z.int(),
  /** Null for the last level, which has no upper bound. */
  amount_to: z.nullable(z.int()),
}));
export type DiscountThresholdRecord = z.infer<typeof discountThresholdSchema>;

/**
 * GET /discount-thresholds/get-all.json — the levels, lowest first. Public (the /loyalty-program
 * page shows them to anyone). 404 with the flag off.
 */
export const getDiscountThresholds = defineCall({
  method: 'GET',
  path: '/discount-thresholds/get-all.json',
  summary: 'The loyalty levels, lowest first',
  response: lazySchema(() => success({ thresholds: z.array(discountThresholdSchema) })),
});

/**
 * SPEC §3 Member progress (src/domain/loyalty.ts memberProgress):
 * - `turnover`: what the member's paid orders came to (pence);
 * - `currentThresholdId`: the level the turnover reaches (null below the first);
 * - `nextThresholdId`: the level after it (null at the top);
 * - `remaining`: pence still to spend to reach the next level (0 at the top);
 * - `percent`: how far the turnover has come from the current level's start to the next level's
 *   (0 to 100, whole; 100 at the top), what the progress bar fills.
 */
export const memberProgressSchema = lazySchema(() => z.object({
  discountThresholds: z.array(discountThresholdSchema),
  percent: z.int(),
  remaining: z.int(),
  turnover: z.int(),
  currentThresholdId: z.nullable(z.int()),
  nextThresholdId: z.nullable(z.int()),
}));
export type MemberProgress = z.infer<typeof memberProgressSchema>;

/**
 * GET /discount-thresholds/get-member-progress/{memberId} — the signed-in member's own progress
 * (memberId is the app props' memberIdentifier). Another member's id, or an id nobody has, is 404
 * with no data; 401 when nobody is signed in (a guest of a checkout is nobody here); 404 with the
 * flag off.
 */
export const getMemberProgress = defineCall({
  method: 'GET',
  path: '/discount-thresholds/get-member-progress/:memberId',
  summary: "The signed-in member's progress through the loyalty levels",
  params: lazySchema(() => z.object({ memberId: z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.gte(1, 'Must be 1 or more.'), z.lte(2_147_483_647, 'Too large.')) })),
  response: lazySchema(() => success({ data: memberProgressSchema })),
});

/**
 * The loyalty page's texts (SPEC §3 'Loyalty statics'): trusted HTML written by the shop (seed
 * data server/seed/data/loyalty.json), drawn above and below the progress and the table.
 */
export const loyaltyStaticsSchema = lazySchema(() => z.object({
  loyalty_discounts_top_text: z.string(),
  loyalty_discounts_bottom_text: z.string(),
}));
export type LoyaltyStatics = z.infer<typeof loyaltyStaticsSchema>;

/** GET /static-contents/get-discount-thresholds-statics.json — public; 404 with the flag off. */
export const getDiscountThresholdStatics = defineCall({
  method: 'GET',
  path: '/static-contents/get-discount-thresholds-statics.json',
  summary: "The loyalty page's top and bottom texts",
  response: lazySchema(() => success({ statics: loyaltyStaticsSchema })),
});
