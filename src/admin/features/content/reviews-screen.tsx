/**
 * /admin/content/reviews: buyers' reviews (issue 32) by status, the longest waiting first. A
 * pending review is approved (part pages of its part type show it at once) or rejected with a
 * reason the buyer reads in their account; each decision is audited by the server.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import type { AdminReview } from '../../../contract/admin-reviews';
import { REVIEW_STATUSES, type ReviewStatus } from '../../../contract/reviews';
import { fieldErrorsOf, messageOf } from '../../api';
import { type BadgeTone, Button, formatDateTime, Notice, PageHeading, StatusBadge, StatusTabs, TextAreaField, useToast } from '../../ui';
import { reviewListQuery, useApproveReview, useRejectReview } from './api';
import styles from './reviews.module.css';

const STATUS: Record<ReviewStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'neutral' },
};

export function ReviewsScreen({ status, onStatus }: { status: ReviewStatus; onStatus: (status: ReviewStatus) => void }) {
  const { data } = useSuspenseQuery(reviewListQuery(status));
  return (
    <>
      <PageHeading title="Reviews" description="Buyers' reviews of the parts they received. Nothing is shown on the shop until it is approved here." />
      <StatusTabs
        label="Reviews by status"
        tabs={REVIEW_STATUSES.map((value) => ({ value, label: STATUS[value].label, count: data.counts[value] }))}
        current={status}
        onChoose={onStatus}
      />
      {data.records.length === 0 ? (
        <p>No {STATUS[status].label.toLowerCase()} reviews.</p>
      ) : (
        <ul className={styles.list} aria-label={`${STATUS[status].label} reviews`}>
          {data.records.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
    </>
  );
}

function ReviewItem({ review }: { review: AdminReview }) {
  const headingId = useId();
  const approve = useApproveReview();
  const reject = useRejectReview();
  const notify = useToast();
  const fields = fieldErrorsOf(reject.error);
  const failure = approve.error ?? (reject.error && Object.keys(fields).length === 0 ? reject.error : null);
  const submitReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    reject.mutate({ id: review.id, reason }, { onSuccess: (answer) => notify(answer.msg, 'success') });
  };
  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {review.title}
        </h2>
        <StatusBadge tone={STATUS[review.status].tone}>{STATUS[review.status].label}</StatusBadge>
      </div>
      <p>
        <strong>{review.rate} of 5 stars</strong> by {review.first_name}, {formatDateTime(review.created)}
      </p>
      <p className={styles.content}>{review.content}</p>
      <p className={styles.facts}>
        {review.part_name} ({review.tag}), order {review.order_number}
      </p>
      {review.reject_reason ? <p>Reason given: {review.reject_reason}</p> : null}
      {failure ? <Notice tone="error">{messageOf(failure)}</Notice> : null}
      {review.status === 'pending' ? (
        <div className={styles.decide}>
          <Button busy={approve.isPending} onClick={() => approve.mutate(review.id, { onSuccess: (answer) => notify(answer.msg, 'success') })} aria-label={`Approve the review “${review.title}”`}>
            Approve
          </Button>
          <form onSubmit={submitReject} noValidate className={styles.reject} aria-label={`Reject the review “${review.title}”`}>
            <TextAreaField label="Reason for rejecting" name="reason" rows={2} error={fields.reason} required hint="The buyer reads this." />
            <Button type="submit" variant="danger" busy={reject.isPending}>
              Reject
            </Button>
          </form>
        </div>
      ) : null}
    </li>
  );
}
