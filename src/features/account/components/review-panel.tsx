/**
 * A delivered order line's review (issue 32): the member's review and where it stands (waiting
 * for our check, shown on the part pages, or rejected with the reason), or 'Review this part',
 * which opens the form: 1 to 5 stars, a title and the text. The rules are the contract's
 * (reviewBodySchema), checked here before sending and again by the server, whose field errors
 * and reasons (already reviewed, not delivered) are shown as it words them.
 */
import { useId, useState, type FormEvent } from 'react';
import { safeParse } from 'zod/v4/core';
import { REVIEW_CONTENT_MAX, REVIEW_TITLE_MAX, reviewBodySchema, type MemberReview } from '../../../contract/reviews';
import { isApiError } from '../../../shared/api/api-error';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useCreateReview } from '../api/reviews';
import styles from './review-panel.module.css';

type FieldName = 'rate' | 'title' | 'content';
type Errors = Partial<Record<FieldName, string>>;

const STANDING: Record<MemberReview['status'], string> = {
  pending: 'Your review is waiting for our check before it is shown.',
  approved: 'Your review is shown on the part pages.',
  rejected: 'Your review was not published.',
};

export function ReviewPanel({ lineId, lineName, review }: { lineId: number; lineName: string; review: MemberReview | undefined }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [rate, setRate] = useState(0);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateReview();
  const formId = useId();
  // A field's error goes once the field is changed: it said what was wrong with the old value.
  const edit = (field: FieldName, set: () => void) => {
    set();
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  if (review) {
    return (
      <div className={styles.standing} role="status">
        <p>
          <strong>
            Your review: {review.rate} of 5 — {review.title}
          </strong>
        </p>
        <p>{STANDING[review.status]}</p>
        {review.reject_reason ? <p>Reason: {review.reject_reason}</p> : null}
      </div>
    );
  }
  if (!open) {
    return (
      <Button variant="secondary" disabled={!hydrated} onClick={() => setOpen(true)} aria-label={`Review this part: ${lineName}`}>
        Review this part
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    const body = { rate, title, content };
    const checked = safeParse(reviewBodySchema, body);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync({ lineId, body: checked.data });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const found: Errors = {};
      for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) found[field as FieldName] = messages[0];
      setErrors(found);
      setFailure(error.msg);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label={`Review ${lineName}`}>
      <fieldset className={styles.stars} aria-describedby={errors.rate ? `${formId}-rate` : undefined}>
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={styles.star}>
            <input type="radio" name={`${formId}-rate`} value={n} checked={rate === n} onChange={() => edit('rate', () => setRate(n))} />
            {n === 1 ? '1 star' : `${n} stars`}
          </label>
        ))}
        {errors.rate ? (
          <span id={`${formId}-rate`} className={styles.error}>
            {errors.rate}
          </span>
        ) : null}
      </fieldset>
      <Field label="Title" error={errors.title}>
        {(control) => <input {...control} value={title} maxLength={REVIEW_TITLE_MAX} onChange={(event) => edit('title', () => setTitle(event.target.value))} />}
      </Field>
      <Field label="Your review" hint="How it fitted and how it works. Your first name is shown with it." error={errors.content}>
        {(control) => <textarea {...control} rows={4} value={content} maxLength={REVIEW_CONTENT_MAX} onChange={(event) => edit('content', () => setContent(event.target.value))} />}
      </Field>
      {failure ? (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Send review'}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
