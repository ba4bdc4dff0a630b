/**
 * Cookie consent (issue 32, UK PECR): analytics may set or read cookies only after the visitor
 * agreed. The choice is kept for a year in a first-party cookie the server reads too, so a page
 * drawn on the server shows the banner only to someone who has not chosen. What a choice means
 * for Google Analytics: analytics-consent.ts. This module is read by every page's first download:
 * it holds only what reading and keeping the choice needs.
 */

/** The cookie holding the choice (first-party, readable by the page and the server). */
export const CONSENT_COOKIE = 'cookie_consent';

/** How long a choice is kept before the visitor is asked again: a year, in seconds. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What the visitor agreed to: measuring use of the shop, and advertising measurement. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/** The cookie's value: a version, so a later change of categories can ask everyone again. */
export function consentCookieValue(choice: ConsentChoice): string {
  return `v1.a${choice.analytics ? 1 : 0}.m${choice.marketing ? 1 : 0}`;
}

/** The choice a cookie value holds; null when there is none or it is not one this shop wrote. */
export function parseConsentCookie(value: string | undefined | null): ConsentChoice | null {
  const match = /^v1\.a([01])\.m([01])$/.exec(value ?? '');
  if (!match) return null;
  return { analytics: match[1] === '1', marketing: match[2] === '1' };
}

/** The value of one cookie in a Cookie header (or document.cookie); undefined when absent. */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The Set-Cookie string (for document.cookie) that keeps the choice for a year. */
export function consentCookieString(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consentCookieValue(choice)}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The banner is asked only where there is something to agree to and no choice yet. */
export function shouldAskForConsent(measurementId: string | undefined, choice: ConsentChoice | null): boolean {
  return Boolean(measurementId) && choice === null;
}
