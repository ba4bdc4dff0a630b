/**
 * Issue 29: a part of the server's page that a visitor does not see yet (the footer, a part's
 * sections, reviews and make/model texts) hydrates after the rest, each part in tasks of its own,
 * instead of in the long first one: when it comes near the screen, when the visitor taps, types or
 * moves the focus into it, or else when the browser is idle, one part per idle moment in the
 * order of the page (most needed first), all of them at the latest a couple of seconds on.
 * Until then React keeps the server's markup of it as it is (nothing is hidden or drawn again:
 * its links work as plain links). On the server, and on a screen React draws itself (a navigation,
 * the offline shell), the children render at once.
 *
 * React draws a boundary it has left for later from scratch (its fallback first) if its parent
 * re-renders it before it hydrated: so a HydrateLater that renders again before its part hydrated
 * lets it hydrate with that render instead. A parent with stable props (a memo'd component of
 * primitive props) keeps the part for later; one that re-renders gives it up, never its markup.
 */
import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../hooks/use-hydrated';
import type { Gate } from './hydrate-gate';

function createGate(find: (() => Element | null) | undefined): Gate {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  const gate: Gate = {
    open: false,
    promise,
    find,
    release: () => {
      if (gate.open) return;
      gate.open = true;
      resolve();
    },
  };
  return gate;
}

/**
 * Suspends while React hydrates the server's markup (and not after it), until the gate opens; its
 * effect, run with the part's own when the part has hydrated, tells the watcher so.
 */
function WaitWhileHydrating({ gate }: { gate: Gate }): null {
  const hydrated = useHydrated();
  useEffect(() => gate.hydrated?.(), [gate]);
  if (!hydrated && !gate.open && typeof window !== 'undefined') {
    // Left for later: watched from now on (its code loads meanwhile: nothing needs it sooner).
    if (!gate.stop) void import('./hydrate-later-watch').then(({ watch }) => watch(gate));
    use(gate.promise);
  }
  return null;
}

interface HydrateLaterProps {
  children: ReactNode;
  /**
   * Finds the part's element in the server's markup, so it hydrates when it nears the screen or
   * is tapped; without one (or when it finds none), it hydrates in its turn or at the first input.
   */
  find?: () => Element | null;
}

export function HydrateLater({ children, find }: HydrateLaterProps) {
  const [gate] = useState(() => createGate(find));
  const committed = useRef(false);
  // Rendered again before its part hydrated (new props from its parent): the part hydrates with
  // this render, rather than being drawn anew from an empty fallback.
  if (committed.current && !gate.open) gate.release();
  useEffect(() => {
    committed.current = true;
    // Off the page (or, while developing, StrictMode's trial unmount): nothing left to wait for.
    return () => {
      gate.stop?.();
      gate.release();
    };
  }, [gate]);
  return (
    <Suspense fallback={null}>
      <WaitWhileHydrating gate={gate} />
      {children}
    </Suspense>
  );
}
