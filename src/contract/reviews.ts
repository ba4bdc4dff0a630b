/**
 * Reviews from real buyers (issue 32), the member's side: a member reviews the part type of an
 * order line they bought once it is delivered, once per line, with 1 to 5 stars, a title and a
 * text. The review waits for the back office's moderation (src/contract/admin-reviews.ts) and is
 * shown on part pages of that part type only once approved (GET /product-reviews/getList.json,
 * with the buyer's first name and 'Verified buyer').
 */
import * as z from 'zod/mini';
import { multiLine } from '../domain/multi-line';
import { defineCall } from './define';
import { success } from './envelope';
import { idParam } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_CONTENT_MAX = 4000;

const trimmed = (empty: string, max: number) =>
  z.pipe(z.string({ error: empty }).check(z.trim()), z.string().check(z.minLength(1, empty), z.maxLength(max, `At most ${max} characters.`)));

/** Body of POST /reviews/lines/:id: `rate` a whole number of stars from 1 to 5. */
export const reviewBodySchema = lazySchema(() => z.object({
  rate: z.int({ error: 'Choose 1 to 5 stars.' }).check(z.gte(1, 'Choose 1 to 5 stars.'), z.lte(5, 'Choose 1 to 5 stars.')),
  title: trimmed('Give your review a title.', REVIEW_TITLE_MAX),
  content: multiLine(trimmed('Write your review.', REVIEW_CONTENT_MAX)),
}));
export type ReviewBody = z.input<typeof reviewBodySchema>;

/** A member's own review as the account shows it; `reject_reason` only once rejected. */
export const memberReviewSchema = lazySchema(() => z.object({
  id: z.int(),
  order_product_id: z.int(),
  rate: z.int(),
  title: z.string(),
  content: z.string(),
  status: z.enum(REVIEW_STATUSES),
  reject_reason: z.nullable(z.string()),
  created: z.string(),
}));
export type MemberReview = z.infer<typeof memberReviewSchema>;

/** GET /reviews/mine.json — the signed-in member's reviews, newest first. 401 when nobody is signed in. */
export const getMyReviews = defineCall({
  method: 'GET',
  path: '/reviews/mine.json',
  summary: "The signed-in member's reviews of the parts they bought",
  response: lazySchema(() => success({ records: z.array(memberReviewSchema) })),
});

/**
 * POST /reviews/lines/:id — the signed-in member reviews the order line `id` (an `order_products`
 * id of GET /orders/getList.json); the review waits for moderation.
 *
 * Failures: 401 when nobody is signed in; 403 without the session's CSRF token; 404 when the line
 * is not one of the member's orders (someone who did not buy it); 409 with the reason when the
 * order is not delivered yet or the line is already reviewed; 422 naming `rate`, `title` or `content`.
 */
export const createReview = defineCall({
  method: 'POST',
  path: '/reviews/lines/:id',
  summary: 'Review a part type bought on a delivered order line',
  params: lazySchema(() => z.object({ id: idParam })),
  body: reviewBodySchema,
  response: lazySchema(() => success({ msg: z.string(), record: memberReviewSchema })),
});
