import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '../api/api-error';
import { Button } from './button';
import styles from './status.module.css';

/**
 * What a page shows when its data could not load (no signal and nothing saved, a server error):
 * the reason in plain words and a way to try again, inside the normal layout.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const offline = isApiError(error) && error.kind === 'network';
  const message = isApiError(error) ? error.msg : 'Something went wrong while loading this page.';
  // A script missing after a deploy reloads the page once (pwa/chunk-reload.ts, already loaded
  // with the page: this import fetches nothing).
  useEffect(() => {
    void import('../pwa/chunk-reload').then((pwa) => pwa.reloadForMissingChunk(error)).catch(() => undefined);
  }, [error]);
  return (
    <section className={styles.page} role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className={styles.title}>
        {offline ? 'No connection' : 'This page could not load'}
      </h1>
      <p className={styles.text}>{message}</p>
      <div className={styles.actions}>
        <Button
          variant="primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
      </div>
    </section>
  );
}
