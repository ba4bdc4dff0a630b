/**
 * The viewport the server draws the first paint for. It cannot measure the screen, so it guesses
 * from the request (a phone's User-Agent or Sec-CH-UA-Mobile) and the browser hydrates with the
 * same guess; media queries answer for an assumed width until the real one is read. Components
 * that switch structure by width (tabs or accordions) then match on the first paint for phones
 * and desktops alike, instead of the page changing shape as it becomes interactive.
 */
export type ViewportGuess = 'phone' | 'desktop';

const ASSUMED_WIDTH: Record<ViewportGuess, number> = { phone: 390, desktop: 1280 };

let guess: ViewportGuess = 'phone';

export function setViewportGuess(next: ViewportGuess): void {
  guess = next;
}

export function viewportGuess(): ViewportGuess {
  return guess;
}

/**
 * Whether a width query such as '(min-width: 992px)' or '(max-width: 575.98px)' holds for the
 * guessed viewport's assumed width; every condition joined by 'and' must hold. Other features
 * count as not matching.
 */
export function matchesGuessedViewport(query: string): boolean {
  const width = ASSUMED_WIDTH[guess];
  const conditions = query.split(/\s+and\s+/i);
  return conditions.every((condition) => {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/i.exec(condition.trim());
    if (!match) return false;
    const limit = Number(match[2]);
    return match[1]?.toLowerCase() === 'min' ? width >= limit : width <= limit;
  });
}
