import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP_QUERY, NARROW_WINDOW_QUERY, SHARE_SHEET_QUERY } from './breakpoints';
import { matchesGuessedViewport, setViewportGuess } from './viewport-guess';

describe('matchesGuessedViewport', () => {
  afterEach(() => setViewportGuess('phone'));

  it('answers the shop breakpoints for a phone (390 px) by default', () => {
    expect(matchesGuessedViewport(DESKTOP_QUERY)).toBe(false);
    expect(matchesGuessedViewport(SHARE_SHEET_QUERY)).toBe(true);
    expect(matchesGuessedViewport(NARROW_WINDOW_QUERY)).toBe(true);
  });

  it('answers them for a desktop (1280 px) when the server guessed one', () => {
    setViewportGuess('desktop');
    expect(matchesGuessedViewport(DESKTOP_QUERY)).toBe(true);
    expect(matchesGuessedViewport(SHARE_SHEET_QUERY)).toBe(false);
    expect(matchesGuessedViewport(NARROW_WINDOW_QUERY)).toBe(false);
  });

  it('joins conditions with and, and does not match what it cannot read', () => {
    setViewportGuess('desktop');
    expect(matchesGuessedViewport('(min-width: 992px) and (max-width: 1400px)')).toBe(true);
    expect(matchesGuessedViewport('(min-width: 992px) and (max-width: 1200px)')).toBe(false);
    expect(matchesGuessedViewport('(prefers-reduced-motion: reduce)')).toBe(false);
  });
});
