import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false on the server and while React hydrates the server's markup, true from then on (and at
 * once on a screen React draws itself). A control that does nothing without React renders
 * disabled until then: a tap on server markup before hydration would otherwise be lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
