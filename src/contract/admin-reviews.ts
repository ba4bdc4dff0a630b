/**
 * The back office's moderation of buyers' reviews (issue 32; content.manage, content staff and
 * owners): the reviews waiting, approved or rejected, and approving one (then shown on part
 * pages) or rejecting it with a reason the member reads in their account. Each decision is audited.
 */
import * as z from 'zod/mini';
import { defineAdminCall } from './admin-access';
import { success } from './envelope';
import { REVIEW_STATUSES } from './reviews';
import { idParam } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

export const REJECT_REASON_MAX = 500;

export const adminReviewSchema = lazySchema(() => z.object({
  id: z.int(),
  status: z.enum(REVIEW_STATUSES),
  rate: z.int(),
  title: z.string(),
  content: z.string(),
  created: z.string(),
  /** The buyer's first name, as the part page will show it. */
  first_name: z.string(),
  order_number: z.string(),
  /** The line as bought: the part's name and stock tag. */
  part_name: z.string(),
  tag: z.string(),
  reject_reason: z.nullable(z.string()),
  moderated_at: z.nullable(z.string()),
}));
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** GET /admin/reviews.json?status — the reviews of one status (pending by default), oldest first, and each status's count. */
export const adminReviewList = defineAdminCall('content.manage', {
  method: 'GET',
  path: '/admin/reviews.json',
  summary: "Buyers' reviews of one status, oldest first",
  query: z.object({ status: z._default(z.enum(REVIEW_STATUSES, 'Choose pending, approved or rejected.'), 'pending') }),
  response: success({
    records: z.array(adminReviewSchema),
    /** How many reviews each status has, for the queue's tabs. */
    counts: z.object({ pending: z.int(), approved: z.int(), rejected: z.int() }),
  }),
});

/** POST /admin/reviews/:id/approve — shows it on part pages (audited). 404 for no such review; 409 once decided. */
export const adminReviewApprove = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/reviews/:id/approve',
  summary: "Approve a buyer's review",
  params: z.object({ id: idParam }),
  response: success({ msg: z.string(), record: adminReviewSchema }),
});

export const reviewRejectSchema = lazySchema(() => z.object({
  reason: z.pipe(
    z.string({ error: 'Give the reason.' }).check(z.trim()),
    z.string().check(z.minLength(1, 'Give the reason.'), z.maxLength(REJECT_REASON_MAX, `At most ${REJECT_REASON_MAX} characters.`)),
  ),
}));

/** POST /admin/reviews/:id/reject {reason} — never shown; the member reads the reason (audited). 404 for no such review; 409 once decided. */
export const adminReviewReject = defineAdminCall('content.manage', {
  method: 'POST',
  path: '/admin/reviews/:id/reject',
  summary: "Reject a buyer's review with the reason",
  params: z.object({ id: idParam }),
  body: reviewRejectSchema,
  response: success({ msg: z.string(), record: adminReviewSchema }),
});
