import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept current as the window resizes or rotates. The server
 * cannot measure a screen, so it renders as if none matched, and hydration reads the same (the
 * server snapshot); the real answer follows right after. Anything whose first paint must already
 * differ by width is styled with the media query in CSS instead.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
