/**
 * The sign-in link of the addresses step (SPEC §2: 'sign-in link when not logged in'): it opens
 * a small sign-in form in place. A refused sign-in shows the server's message in a red alert above
 * the form (SPEC §8); success rotates the session, joins the carts and the form starts again from
 * the member's details.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { loginFormSchema } from '../../../domain/checkout-form';
import { t } from '../../../domain/messages';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useLogin } from '../api/login';
import styles from './addresses-page.module.css';
import '../../../domain/messages-more';

export function SignInPanel() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string; password: string }>({ resolver: zodResolver(loginFormSchema) as never, defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    if (signIn.isPending) return;
    setFailure(null);
    try {
      const answer = await signIn.mutateAsync(values);
      toast.success(t('members.logged_in', { name: answer.first_name }));
    } catch (error) {
      setFailure(isApiError(error) ? error.msg : t('global.error'));
    }
  });

  if (!open) {
    return (
      <p className={styles.signInLine}>
        Already have an account?{' '}
        <button type="button" className={styles.linkButton} onClick={() => setOpen(true)} aria-expanded={false}>
          Sign in
        </button>
      </p>
    );
  }
  return (
    <form className={styles.signIn} onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      {failure ? (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <Field label="Email" error={errors.email?.message}>
        {(field) => <input {...field} {...register('email')} type="email" autoComplete="username" inputMode="email" />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(field) => <input {...field} {...register('password')} type="password" autoComplete="current-password" />}
      </Field>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" aria-disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <Button variant="quiet" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
