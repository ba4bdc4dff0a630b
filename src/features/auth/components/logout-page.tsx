/**
 * /logout (SPEC §2, §4): the account area's logout (after its confirmation) and an ended session
 * (the 60 s check) come here. Signing out is a write, so it happens in the browser, never on the
 * server's GET of this page: POST /members/logout ends the session (the member's cart stays with
 * the member), session storage is cleared, and the home page is loaded afresh, so nothing the
 * member's pages had read stays in memory.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { logout } from '../../../contract/members';
import { apiOf } from '../../../shared/api/client';
import { failureText } from '../../../shared/account/failure-text';
import { Button } from '../../../shared/ui/button';
import { InlinePending } from '../../../shared/ui/page-pending';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import styles from '../../../shared/ui/status.module.css';

function clearSessionStorage(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage refused: nothing was kept there.
  }
}

export function LogoutPage() {
  useDocumentTitle('Signing out');
  const signOut = useMutation({
    mutationKey: ['members', 'logout'],
    mutationFn: (_: void, { client }) => apiOf(client)(logout),
    onSuccess: (answer) => {
      clearSessionStorage();
      window.location.replace(answer.redirect || '/');
    },
  });
  // Once per visit of the page, even when React runs effects twice while developing.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut.mutate();
  }, [signOut]);

  return (
    <section className={styles.page} aria-labelledby="logout-title">
      <h1 id="logout-title" className={styles.title}>
        {signOut.isError ? 'You are still signed in' : 'Signing you out'}
      </h1>
      {signOut.isError ? (
        <>
          <p className={styles.text} role="alert">
            {failureText(signOut.error)}
          </p>
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => signOut.mutate()}>
              Try again
            </Button>
          </div>
        </>
      ) : (
        <InlinePending>{signOut.isSuccess ? 'You have been signed out. Taking you to the home page…' : 'Signing you out…'}</InlinePending>
      )}
    </section>
  );
}
