/**
 * The login modal (SPEC §2 'Login form with inline forgotten-password panel'): email and password,
 * 'Sign in'; a refused sign-in (wrong details, too many attempts) shows the server's msg in a red
 * alert above the form (SPEC §8). 'Forgotten your password?' opens the forgotten-password form in
 * place (SPEC §2: email and send); it always answers the same, whatever the address. After
 * sign-in the app props are read again (the header greets the member), the pending action of
 * openLoginModal runs, and focus goes back to the account button. The modal opens on the email
 * field (autoFocus), not on its close button.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginFormSchema, type LoginForm } from '../../domain/checkout-form';
import { t } from '../../domain/messages';
import { Dialog, DialogContent } from '../ui/dialog';
import { Field } from '../ui/field';
import { Button } from '../ui/button';
import { closeLoginModal, finishLogin } from './login-modal-state';
import { useSignIn } from './sign-in';
import { ForgottenPasswordForm } from './forgotten-password-form';
import { failureText } from './failure-text';
import styles from '../forms/forms.module.css';
import '../../domain/messages-more';

export default function LoginModal({ open }: { open: boolean }) {
  const [mode, setMode] = useState<'login' | 'forgotten'>('login');
  // The control that had focus when the modal opened (read while drawing the opening, before the
  // dialog takes focus), to give focus back when it closes.
  const opener = useRef<{ open: boolean; element: Element | null }>({ open: false, element: null });
  if (open !== opener.current.open) opener.current = { open, element: open && typeof document !== 'undefined' ? document.activeElement : opener.current.element };
  // Focus goes back to that control, or to the header's account entry when it was redrawn (signed in).
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const element = opener.current.element;
    const target = element instanceof HTMLElement && element.isConnected && element !== document.body ? element : document.querySelector<HTMLElement>('[data-account-entry]');
    target?.focus();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          closeLoginModal();
          setMode('login');
        }
      }}
    >
      <DialogContent title={mode === 'login' ? 'Sign in' : 'Forgotten your password?'} onCloseAutoFocus={returnFocus}>
        {mode === 'login' ? <LoginForm onForgotten={() => setMode('forgotten')} /> : <ForgottenPasswordForm onBack={() => setMode('login')} autoFocus />}
      </DialogContent>
    </Dialog>
  );
}

function LoginForm({ onForgotten }: { onForgotten: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const alertId = useId();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema) as never, defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    if (signIn.isPending) return;
    setFailure(null);
    try {
      await signIn.mutateAsync(values);
      finishLogin();
    } catch (error) {
      setFailure(failureText(error));
    }
  });

  const busy = signIn.isPending;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-describedby={failure ? alertId : undefined}>
      {failure ? (
        <p id={alertId} className={styles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <Field label="Email" error={errors.email?.message}>
        {(control) => <input {...control} {...register('email')} type="email" autoComplete="username" inputMode="email" autoFocus />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => <input {...control} {...register('password')} type="password" autoComplete="current-password" />}
      </Field>
      <Button type="submit" variant="primary" block aria-disabled={busy}>
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
      <div className={styles.actions}>
        <button type="button" className={styles.linkButton} onClick={onForgotten}>
          Forgotten your password?
        </button>
      </div>
      <hr className={styles.divider} />
      <p className={styles.info}>
        New here?{' '}
        <Link to="/register" className={styles.linkButton} onClick={() => closeLoginModal()}>
          {t('auth.create_account_link')}
        </Link>
      </p>
    </form>
  );
}
