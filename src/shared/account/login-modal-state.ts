/**
 * Whether the login modal (SPEC §2 'Login form with inline forgotten-password panel') is open, and
 * what to do once the visitor has signed in. A tiny external store like the cart sidebar's: the
 * header's account button, the wishlist heart and the account area all open the same modal
 * without a context, and its code loads only the first time it opens. It is in the first download
 * (the header's button uses it), so it stays this small.
 *
 * SPEC §6: anonymous wishlist use opens the login panel and the panel closes on a member-logged-in
 * event; here `openLoginModal(after)` keeps `after` and the modal runs it once the sign-in
 * succeeded (closing the modal without signing in forgets it).
 */
import { useSyncExternalStore } from 'react';

let open = false;
let pending: (() => void) | undefined;
const listeners = new Set<() => void>();

function set(next: boolean, after?: () => void): void {
  open = next;
  pending = after;
  listeners.forEach((listener) => listener());
}

/** Opens the login modal; `after` runs once the visitor has signed in through it. */
export const openLoginModal = (after?: () => void): void => set(true, after);

/** Closes the modal without signing in: a pending action is dropped. */
export const closeLoginModal = (): void => set(false);

/** The modal's sign-in succeeded: it closes and the pending action (if any) runs. */
export function finishLogin(): void {
  const action = pending;
  set(false);
  action?.();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLoginModalOpen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
