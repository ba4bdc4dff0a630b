/**
 * Whether the app has signal, as TanStack Query's online manager sees it (the browser's online
 * and offline events, seeded from navigator.onLine at start in src/main.tsx): the same view the
 * cart's queue pauses and resumes by, so a screen never says 'sending' while the queue waits.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export function useSignal(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    // The server render draws the page as with signal; the browser redraws it if not.
    () => true,
  );
}
