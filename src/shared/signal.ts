/**
 * The app's one notion of "offline" (issue 28), shared by the queries, the cart's queue, the
 * outbox's forms and every screen that says 'needs signal': TanStack Query's online manager, fed
 * by the browser's own view (navigator.onLine and its online/offline events).
 *
 * TanStack assumes signal until the first 'offline' event, so a page opened without any (the
 * installed app started in a dead spot, answered by the service worker from its first request)
 * counted as online: its first reads failed as errors, and a write went to fetch instead of the
 * queue. Here the manager reads navigator.onLine the moment the first query client is made, before
 * any query or write runs, and on every event after that.
 */
import { onlineManager } from '@tanstack/react-query';

const browserSaysOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

let started = false;

/** Seeds the online manager from the browser and follows its events (once, in the browser only). */
export function startSignal(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(browserSaysOnline());
    window.addEventListener('online', update, false);
    window.addEventListener('offline', update, false);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}

/** Whether the app has signal now (the server render always has). */
export function hasSignal(): boolean {
  return typeof window === 'undefined' || onlineManager.isOnline();
}

/** Calls `onChange(online)` whenever the signal comes or goes; returns the function that stops it. */
export function onSignalChange(onChange: (online: boolean) => void): () => void {
  return onlineManager.subscribe(onChange);
}
