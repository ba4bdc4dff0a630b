/**
 * The forgotten-password form (SPEC §2: email field and send button), shown in place of the login
 * form. POST /members/forgotten-password answers the same message whether or not an account has
 * that address, so the form never tells who is a member; success shows that message and disables
 * the button (SPEC §4), failure shows the server's msg (SPEC §8).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgottenPassword } from '../../contract/members';
import { forgottenPasswordFormSchema, type ForgottenPasswordForm as Values } from '../../domain/member-forms';
import { apiOf } from '../api/client';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { failureText } from './failure-text';
import styles from '../forms/forms.module.css';
import '../../domain/messages-more';

/** `autoFocus`: in the login modal the form replaces the login form, so focus starts on its email field. */
export function ForgottenPasswordForm({ onBack, backLabel = 'Back to sign in', autoFocus = false }: { onBack?: () => void; backLabel?: string; autoFocus?: boolean }) {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useMutation({
    mutationKey: ['members', 'forgotten-password'],
    mutationFn: (body: Values, { client }) => apiOf(client)(forgottenPassword, { body }),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(forgottenPasswordFormSchema) as never, defaultValues: { email: '' } });

  const submit = handleSubmit(async (values) => {
    if (send.isPending || sent) return;
    setFailure(null);
    try {
      const answer = await send.mutateAsync(values);
      setSent(answer.msg);
    } catch (error) {
      setFailure(failureText(error));
    }
  });

  const busy = send.isPending;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Forgotten password">
      <p className={styles.info}>Enter the email address of your account and we will email you a link to set a new password. The link works once, for 1 hour.</p>
      {failure ? (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      {sent ? (
        <p className={styles.success} role="status">
          {sent}
        </p>
      ) : null}
      <Field label="Email" error={errors.email?.message}>
        {(control) => <input {...control} {...register('email')} type="email" autoComplete="username" inputMode="email" readOnly={Boolean(sent)} autoFocus={autoFocus} />}
      </Field>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={Boolean(sent)} aria-disabled={busy}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {busy ? 'Sending…' : sent ? 'Link sent' : 'Send the link'}
        </Button>
        {onBack ? (
          <button type="button" className={styles.linkButton} onClick={onBack}>
            {backLabel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
