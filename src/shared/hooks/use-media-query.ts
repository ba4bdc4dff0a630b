import { useCallback, useSyncExternalStore } from 'react';
import { matchesGuessedViewport } from '../viewport-guess';

/**
 * Whether a CSS media query matches, kept current as the window resizes or rotates. On the server
 * and while hydrating, it answers for the viewport the server guessed (viewport-guess.ts).
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
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => matchesGuessedViewport(query));
}
