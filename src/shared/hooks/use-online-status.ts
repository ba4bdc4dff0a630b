/**
 * Whether the app has signal, for a screen: the app's one notion of it (src/shared/signal.ts),
 * the same the cart's queue and the outbox's forms act on, so a screen never says 'sending' while
 * the queue waits, nor shows a failed call's error while the app knows it is offline. The server
 * render draws the page as with signal; the browser redraws it if not.
 */
import { useSyncExternalStore } from 'react';
import { hasSignal, onSignalChange } from '../signal';

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(onSignalChange, hasSignal, () => true);
}
