/**
 * The pages of the single-use links the shop mails (SPEC §2):
 * - /members/change-password/{token}: the reset link — a new password without the current one;
 * - /members/guest-register/{token}: a guest's link from the order e-mail — create a password and
 *   become a member who keeps their orders.
 * Success shows the server's notice; 1.5 s later (SPEC §4, §9) the page reads everything again
 * (the server ended the member's sessions) and goes home, signed in if the server signed the
 * visitor in, otherwise with the login modal open to sign in with the new password.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { isSignedInMember, appPropsQueryOptions } from '../../../shared/app-props';
import { ChangePasswordForm } from '../../../shared/account/change-password-form';
import { openLoginModal } from '../../../shared/account/login-modal-state';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import styles from './register-page.module.css';

interface PasswordLinkPageProps {
  kind: 'reset' | 'guest';
  token: string;
}

export function PasswordLinkPage({ kind, token }: PasswordLinkPageProps) {
  const title = kind === 'reset' ? 'Choose a new password' : 'Create your account password';
  useDocumentTitle(title);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = useCallback(async () => {
    await queryClient.invalidateQueries();
    const props = await queryClient.fetchQuery(appPropsQueryOptions());
    await navigate({ to: '/' });
    if (!isSignedInMember(props)) openLoginModal();
  }, [queryClient, navigate]);

  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>
        {kind === 'reset'
          ? 'Choose a new password for your account. You do not need your old one.'
          : 'Set a password to turn the details of your order into an account: you keep your orders, can follow them and check out faster next time.'}
      </p>
      <ChangePasswordForm target={{ kind, token }} onDone={() => void done()} />
    </div>
  );
}
