/**
 * "The visitor has just signed in", said by every way in (the login modal, the checkout's sign-in,
 * registration, a password set) and heard by what waited for it: the outbox's requests held for
 * sign-in go as soon as the member is back, whichever form they signed in with.
 */
const SIGNED_IN_EVENT = 'shop:signed-in';

export function announceSignedIn(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SIGNED_IN_EVENT));
}

/** Calls `listener` after each sign-in; returns the function that stops it. */
export function onSignedIn(listener: () => void): () => void {
  window.addEventListener(SIGNED_IN_EVENT, listener);
  return () => window.removeEventListener(SIGNED_IN_EVENT, listener);
}
