/**
 * The password forms of SPEC §2 in one component:
 * - 'current': the account area's change-password form (settings): current password, new,
 *   confirm, and a link revealing the forgotten-password form;
 * - 'reset': the reset link's form (/members/change-password/{token}): no current password
 *   (SPEC §6), new and confirm;
 * - 'guest': the create-password form of a guest's link (/members/guest-register/{token}): new,
 *   confirm, the hint on the rules.
 * SPEC §5: every field required, the server's field errors under the fields; SPEC §4: success shows
 * the notice and after 1.5 s `onDone` runs (by default the page goes where the server says, the
 * logout address). A link that is unknown, used or too old says so and offers a new one (reset) or
 * sign-in (guest).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { changePassword, changePasswordWithToken, guestRegister } from '../../contract/members';
import { t } from '../../domain/messages';
import { passwordChangeFormSchema, type PasswordChangeForm } from '../../domain/member-forms';
import { PASSWORD_RULE_TEXT } from '../../domain/validation';
import { isApiError } from '../api/api-error';
import { apiOf } from '../api/client';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { failureText } from './failure-text';
import { ForgottenPasswordForm } from './forgotten-password-form';
import { openLoginModal } from './login-modal-state';
import styles from '../forms/forms.module.css';
import '../../domain/messages-more';

/** SPEC §9: redirect after a password change 1.5 s. */
export const PASSWORD_REDIRECT_MS = 1500;

export type PasswordTarget = { kind: 'current' } | { kind: 'reset'; token: string } | { kind: 'guest'; token: string };

export interface PasswordAnswer {
  msg: string;
  redirect: string;
}

interface ChangePasswordFormProps {
  target: PasswordTarget;
  /** Runs 1.5 s after success; by default the browser goes to the answer's redirect (SPEC §4: the logout address). */
  onDone?: (answer: PasswordAnswer) => void;
}

const FIELDS: readonly (keyof PasswordChangeForm)[] = ['current_password', 'password', 'confirm_password'];

const goTo = (answer: PasswordAnswer) => window.location.assign(answer.redirect || '/');

export function ChangePasswordForm({ target, onDone = goTo }: ChangePasswordFormProps) {
  const withCurrent = target.kind === 'current';
  const resolver = useMemo(() => zodResolver(passwordChangeFormSchema({ withCurrent }) as never), [withCurrent]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordChangeForm>({ resolver: resolver as never, defaultValues: { current_password: '', password: '', confirm_password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const [done, setDone] = useState<PasswordAnswer | null>(null);
  const [forgotten, setForgotten] = useState(false);

  const save = useMutation({
    mutationKey: ['members', 'password', target.kind],
    mutationFn: (body: PasswordChangeForm, { client }) => {
      const api = apiOf(client);
      if (target.kind === 'reset') return api(changePasswordWithToken, { params: { token: target.token }, body });
      if (target.kind === 'guest') return api(guestRegister, { params: { token: target.token }, body });
      return api(changePassword, { body });
    },
  });

  // SPEC §4: the notice stays for 1.5 s, then the page moves on.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => onDone(done), PASSWORD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, onDone]);

  const submit = handleSubmit(async (values) => {
    if (save.isPending || done) return;
    setFailure(null);
    try {
      setDone(await save.mutateAsync(values));
    } catch (error) {
      if (isApiError(error)) {
        // A link that is unknown, used or too old (404), or a guest whose address already has an account (409).
        if (target.kind !== 'current' && (error.status === 404 || error.status === 409)) setLinkDead(true);
        for (const [key, messages] of Object.entries(error.errors)) {
          if (messages[0] && (FIELDS as readonly string[]).includes(key)) setError(key as FieldPath<PasswordChangeForm>, { type: 'server', message: messages[0] });
        }
      }
      setFailure(failureText(error));
    }
  });

  if (linkDead) {
    return (
      <div className={styles.form}>
        <p className={styles.alert} role="alert">
          {failure}
        </p>
        {target.kind === 'reset' ? (
          <div className={styles.panel}>
            <h2 className={styles.panelTitle}>Ask for a new link</h2>
            <ForgottenPasswordForm />
          </div>
        ) : (
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => openLoginModal()}>
              Sign in
            </Button>
          </div>
        )}
      </div>
    );
  }

  const busy = save.isPending;
  const label = target.kind === 'guest' ? 'Create password' : 'Change password';
  return (
    <div className={styles.stack}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
        {failure ? (
          <p className={styles.alert} role="alert">
            {failure}
          </p>
        ) : null}
        {done ? (
          <p className={styles.success} role="status">
            {done.msg}
          </p>
        ) : null}
        {withCurrent ? (
          <Field label="Current password" error={errors.current_password?.message}>
            {(control) => <input {...control} {...register('current_password')} type="password" autoComplete="current-password" />}
          </Field>
        ) : null}
        <Field label="New password" hint={t('auth.password_hint', { rule: PASSWORD_RULE_TEXT })} error={errors.password?.message}>
          {(control) => <input {...control} {...register('password')} type="password" autoComplete="new-password" />}
        </Field>
        <Field label="Confirm new password" error={errors.confirm_password?.message}>
          {(control) => <input {...control} {...register('confirm_password')} type="password" autoComplete="new-password" />}
        </Field>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" aria-disabled={busy || Boolean(done)}>
            {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
            {busy ? 'Saving…' : label}
          </Button>
          {withCurrent && !forgotten ? (
            <button type="button" className={styles.linkButton} onClick={() => setForgotten(true)} aria-expanded={false}>
              Forgotten your password?
            </button>
          ) : null}
        </div>
      </form>
      {withCurrent && forgotten ? (
        <div className={styles.panel}>
          <h2 className={styles.panelTitle}>Forgotten your password?</h2>
          <ForgottenPasswordForm onBack={() => setForgotten(false)} backLabel="Cancel" />
        </div>
      ) : null}
    </div>
  );
}
