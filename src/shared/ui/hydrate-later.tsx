/**
 * Issue 29: a part of the server's page that a visitor does not see yet (the footer, a part's
 * reviews and its make/model texts) hydrates after the rest, in a task of its own, instead of in
 * the long first one: when the browser is idle, or at once when the visitor scrolls, taps or types.
 * Until then React keeps the server's markup of it as it is (nothing is hidden or drawn again:
 * its links work as plain links). On the server, and on a screen React draws itself (a navigation,
 * the offline shell), the children render at once.
 *
 * React hydrates a boundary it has left for later from scratch if its parent re-renders it with new
 * props first, and shows the fallback meanwhile: give HydrateLater's parent stable props (a memo'd
 * component of primitive props, as its callers do), so nothing re-renders it before it hydrates.
 */
import { Suspense, use, type ReactNode } from 'react';
import { useHydrated } from '../hooks/use-hydrated';

const WAKE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'scroll'] as const;
/** At the latest this long after the first request for it, even on a browser that is never idle. */
const IDLE_TIMEOUT_MS = 2000;

let later: Promise<void> | undefined;

/** One promise for the whole page: resolved when the browser is idle or the visitor acts. */
function idleOrUsed(): Promise<void> {
  later ??= new Promise<void>((resolve) => {
    let idle: number | undefined;
    const wake = () => {
      for (const type of WAKE_EVENTS) window.removeEventListener(type, wake, true);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      resolve();
    };
    for (const type of WAKE_EVENTS) window.addEventListener(type, wake, { capture: true, passive: true });
    // Safari has no idle callbacks: a short timer instead.
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(wake, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(wake, 200);
  });
  return later;
}

/** Suspends while React hydrates the server's markup (and not after it), until idleOrUsed(). */
function WaitWhileHydrating(): null {
  const hydrated = useHydrated();
  if (!hydrated && typeof window !== 'undefined') use(idleOrUsed());
  return null;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitWhileHydrating />
      {children}
    </Suspense>
  );
}
