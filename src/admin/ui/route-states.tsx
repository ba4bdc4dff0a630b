import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { messageOf } from '../api';
import { Button } from './button';
import { Notice } from './notice';

/** While a screen's data loads. */
export function RoutePending() {
  return (
    <p className="bo-pending" role="status">
      Loading…
    </p>
  );
}

/** A screen whose data failed: what went wrong and a way to try again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Notice tone="error" title="This screen could not be shown">
      <p>{messageOf(error)}</p>
      <Button
        variant="secondary"
        small
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </Notice>
  );
}
