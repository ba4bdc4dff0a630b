/**
 * React.lazy for the shop's later-loaded screens and controls, made for patchy signal: a script
 * file that fails to load while the phone has no signal (the first visit, before the service
 * worker holds the build) is fetched again when the signal returns, and the part waits behind its
 * Suspense fallback meanwhile. Without this the failure reached the route's error page, which
 * took a home page the person could read away from them, and its one reload for a new build
 * (pwa/chunk-reload.ts) led to the browser's own offline page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { hasSignal, onSignalChange } from './signal';

// React's own constraint for lazy's component type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWhenOnline<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadWhenOnline(load));
}

export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    // Without signal a failed import is the missing signal (a file missing from a new build fails
    // the same way with signal, and reloads the page: pwa/chunk-reload.ts).
    if (hasSignal()) throw error;
    return new Promise<T>((resolve, reject) => {
      const stop = onSignalChange((online) => {
        if (!online) return;
        stop();
        load().then(resolve, reject);
      });
    });
  });
}
