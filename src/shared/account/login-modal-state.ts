/**
 * Whether the login modal (SPEC §2 'Login form with inline forgotten-password panel') is open, and
 * what to do once the visitor has signed in. A tiny external store like the cart sidebar's: the
 * header's account button, the wishlist heart and the account area all open the same modal
 * without a context, and its code loads only the first time it opens.
 *
 * SPEC §6: anonymous wishlist use opens the login panel and the panel closes on a member-logged-in
 * event; here `openLoginModal(after)` keeps `after` and the modal runs it once the sign-in
 * succeeded (closing the modal without signing in forgets it).
 */
import { useSyncExternalStore } from 'react';

let open = false;
let pending: (() => void) | null = null;
/** The control that had focus when the modal opened, so closing it can give focus back. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Opens the login modal; `after` runs once the visitor has signed in through it. */
export function openLoginModal(after?: () => void): void {
  pending = after ?? null;
  if (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
    opener = document.activeElement;
  }
  if (open) return;
  open = true;
  notify();
}

/** Closes the modal without signing in: a pending action is dropped. */
export function closeLoginModal(): void {
  pending = null;
  if (!open) return;
  open = false;
  notify();
}

/**
 * The modal's sign-in succeeded: it closes and the pending action (if any) runs, after the
 * caller has refreshed the app props.
 */
export function finishLogin(): void {
  const action = pending;
  pending = null;
  open = false;
  notify();
  action?.();
}

/** The element to give focus back to when the modal closes (null: none was focused). */
export function loginModalOpener(): HTMLElement | null {
  return opener;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginModalOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}
