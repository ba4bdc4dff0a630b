/**
 * What a cookie choice (consent.ts) means for Google Analytics 4 (issue 32): Google's Consent Mode
 * v2, whose four signals all start 'denied'; whether its script may load; the words that name a
 * choice. Read by the later-loaded banner, the Cookies page and the code that starts analytics.
 */
import type { ConsentChoice } from './consent';

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const REJECT_ALL: ConsentChoice = { analytics: false, marketing: false };

export type ConsentSignal = 'granted' | 'denied';

/** Google Consent Mode v2's four signals. */
export interface ConsentModeState {
  ad_storage: ConsentSignal;
  analytics_storage: ConsentSignal;
  ad_user_data: ConsentSignal;
  ad_personalization: ConsentSignal;
}

/** Before any choice (and before Google's script): everything denied. */
export const CONSENT_MODE_DEFAULTS: ConsentModeState = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};

/** The Consent Mode update a choice makes. */
export function consentModeOf(choice: ConsentChoice): ConsentModeState {
  const ads: ConsentSignal = choice.marketing ? 'granted' : 'denied';
  return { ad_storage: ads, analytics_storage: choice.analytics ? 'granted' : 'denied', ad_user_data: ads, ad_personalization: ads };
}

/**
 * Whether Google's analytics script may load: a measurement id is configured and the visitor
 * agreed to analytics. Without analytics consent nothing is loaded at all (not even cookieless
 * pings), so nothing reads the visitor's device before they agreed.
 */
export function mayLoadAnalytics(measurementId: string | undefined, choice: ConsentChoice | null): boolean {
  return Boolean(measurementId) && choice?.analytics === true;
}

/** Google's tag loader for a measurement id, fetched at run time (never bundled). */
export function gtagScriptUrl(measurementId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

/** The footer's Cookies page, where a choice is changed. */
export const COOKIES_PAGE = '/page/cookies';

/** The words saying what a choice allows (the banner after a choice, the Cookies page). */
export function choiceSummary(choice: ConsentChoice): string {
  if (choice.analytics && choice.marketing) return 'You have accepted analytics cookies.';
  if (choice.analytics) return 'You have accepted analytics cookies, without advertising measurement.';
  return 'You have rejected analytics cookies.';
}

/** A GA4 measurement id as Google issues them ('G-' and letters or digits). */
export const GA4_MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;
