/**
 * When the shop offers to be installed (pure rules; install-prompt.tsx draws the offer). Not on a
 * first visit: a person who comes back is one who might want the app. Never in the installed app
 * itself, never during checkout, and after 'Not now' not again for a while.
 */
import { isCheckoutPath } from './reload-rules';

/** Visits (one per browser tab session) before the shop offers itself. */
export const VISITS_BEFORE_OFFER = 2;
/** After 'Not now', the offer waits this long. */
export const DISMISSED_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/** The visit count as stored (localStorage), one more: a missing or damaged value starts again. */
export function nextVisitCount(stored: string | null): number {
  const count = Number(stored);
  return Number.isSafeInteger(count) && count > 0 ? count + 1 : 1;
}

/**
 * Safari on an iPhone or iPad, the only iOS browser that always has 'Add to Home Screen' (iPadOS
 * says it is a Mac: a touch screen tells them apart). Other iOS browsers name themselves in the
 * user agent.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|Instagram|FBAN|FBAV/.test(userAgent);
}

export interface InstallSituation {
  visits: number;
  /** When 'Not now' was last pressed (ms since the epoch), if ever. */
  dismissedAt: number | null;
  now: number;
  /** Running as the installed app (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  /** Installed from this browser before (appinstalled was seen). */
  installed: boolean;
  /** Chromium made its install offer (beforeinstallprompt), so the shop can prompt. */
  canPrompt: boolean;
  iosSafari: boolean;
  pathname: string;
}

/** Which offer to show: Chromium's install button, the iOS steps, or none. */
export function installOfferKind(situation: InstallSituation): 'prompt' | 'ios' | null {
  const { visits, dismissedAt, now, standalone, installed, canPrompt, iosSafari, pathname } = situation;
  if (standalone || installed || isCheckoutPath(pathname)) return null;
  if (visits < VISITS_BEFORE_OFFER) return null;
  if (dismissedAt !== null && now >= dismissedAt && now - dismissedAt < DISMISSED_FOR_MS) return null;
  if (canPrompt) return 'prompt';
  return iosSafari ? 'ios' : null;
}

/** A stored time (ms), or null when missing or not a number. */
export function storedTime(stored: string | null): number | null {
  if (stored === null || stored === '') return null;
  const value = Number(stored);
  return Number.isFinite(value) ? value : null;
}
