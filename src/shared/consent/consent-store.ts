/**
 * The visitor's cookie choice in the browser (issue 32): read from the consent cookie, changed by
 * the banner or the Cookies page, which write the cookie (a year, first-party, so the server reads
 * it for the next page) and tell every screen showing the choice. While React hydrates a server
 * page the choice is the one the server drew with (its app props), so the markup matches.
 */
import { useSyncExternalStore } from 'react';
import { CONSENT_COOKIE, consentCookieString, cookieFrom, parseConsentCookie, type ConsentChoice } from '../../domain/consent';
import { useAppProps } from '../app-props';

const listeners = new Set<() => void>();
let cached: { raw: string | undefined; choice: ConsentChoice | null } | undefined;

function readChoice(): ConsentChoice | null {
  const raw = cookieFrom(document.cookie, CONSENT_COOKIE);
  // The same object while the cookie is unchanged: useSyncExternalStore compares by identity.
  if (!cached || cached.raw !== raw) cached = { raw, choice: parseConsentCookie(raw) };
  return cached.choice;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice, or null when the visitor has not chosen. */
export function useConsentChoice(): ConsentChoice | null {
  const props = useAppProps();
  return useSyncExternalStore(subscribe, readChoice, () => props.consent ?? null);
}

/** Keeps the choice for a year and tells the screens; the consent host applies it to analytics. */
export function saveConsentChoice(choice: ConsentChoice): void {
  document.cookie = consentCookieString(choice, window.location.protocol === 'https:');
  for (const listener of listeners) listener();
}
