import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  choiceSummary,
  CONSENT_MODE_DEFAULTS,
  consentModeOf,
  GA4_MEASUREMENT_ID_PATTERN,
  gtagScriptUrl,
  mayLoadAnalytics,
  REJECT_ALL,
} from './analytics-consent';
import { CONSENT_MAX_AGE_SECONDS, consentCookieString, consentCookieValue, cookieFrom, parseConsentCookie, shouldAskForConsent } from './consent';

describe('the consent cookie', () => {
  it('reads back every choice it writes', () => {
    for (const choice of [ACCEPT_ALL, REJECT_ALL, { analytics: true, marketing: false }, { analytics: false, marketing: true }]) {
      expect(parseConsentCookie(consentCookieValue(choice))).toEqual(choice);
    }
  });

  it('is no choice when absent, malformed or of another version', () => {
    expect(parseConsentCookie(undefined)).toBeNull();
    expect(parseConsentCookie('')).toBeNull();
    expect(parseConsentCookie('yes')).toBeNull();
    expect(parseConsentCookie('v2.a1.m1')).toBeNull();
    expect(parseConsentCookie('v1.a1.m1; extra')).toBeNull();
  });

  it('is kept a year, for the whole site, Secure on https only', () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(consentCookieString(REJECT_ALL, false)).toBe('cookie_consent=v1.a0.m0; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(consentCookieString(ACCEPT_ALL, true)).toBe('cookie_consent=v1.a1.m1; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });

  it('is found among the other cookies of a header', () => {
    expect(cookieFrom('sid=abc; cookie_consent=v1.a1.m0; csrf-token=x', 'cookie_consent')).toBe('v1.a1.m0');
    expect(cookieFrom('my_cookie_consent=v1.a1.m1', 'cookie_consent')).toBeUndefined();
    expect(cookieFrom(undefined, 'cookie_consent')).toBeUndefined();
  });
});

describe('Consent Mode v2', () => {
  it('starts with all four signals denied', () => {
    expect(CONSENT_MODE_DEFAULTS).toEqual({ ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  });

  it('grants everything on Accept and nothing on Reject', () => {
    expect(consentModeOf(ACCEPT_ALL)).toEqual({ ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' });
    expect(consentModeOf(REJECT_ALL)).toEqual(CONSENT_MODE_DEFAULTS);
  });

  it('grants analytics alone when only analytics was chosen', () => {
    expect(consentModeOf({ analytics: true, marketing: false })).toEqual({ ...CONSENT_MODE_DEFAULTS, analytics_storage: 'granted' });
  });
});

describe('when analytics loads and the banner asks', () => {
  it('loads only with a measurement id and analytics consent', () => {
    expect(mayLoadAnalytics('G-TEST1234', ACCEPT_ALL)).toBe(true);
    expect(mayLoadAnalytics('G-TEST1234', { analytics: true, marketing: false })).toBe(true);
    expect(mayLoadAnalytics('G-TEST1234', { analytics: false, marketing: true })).toBe(false);
    expect(mayLoadAnalytics('G-TEST1234', null)).toBe(false);
    expect(mayLoadAnalytics(undefined, ACCEPT_ALL)).toBe(false);
  });

  it('asks only where analytics is configured and nothing was chosen', () => {
    expect(shouldAskForConsent('G-TEST1234', null)).toBe(true);
    expect(shouldAskForConsent('G-TEST1234', REJECT_ALL)).toBe(false);
    expect(shouldAskForConsent(undefined, null)).toBe(false);
  });

  it("loads Google's script by its URL, the id escaped", () => {
    expect(gtagScriptUrl('G-TEST1234')).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
  });

  it('knows a measurement id from anything else', () => {
    expect(GA4_MEASUREMENT_ID_PATTERN.test('G-ABC123XYZ')).toBe(true);
    expect(GA4_MEASUREMENT_ID_PATTERN.test('UA-1234-1')).toBe(false);
    expect(GA4_MEASUREMENT_ID_PATTERN.test('G-abc"><script>')).toBe(false);
  });
});

describe('what a choice is called', () => {
  it('says what was accepted or rejected', () => {
    expect(choiceSummary(ACCEPT_ALL)).toBe('You have accepted analytics cookies.');
    expect(choiceSummary({ analytics: true, marketing: false })).toBe('You have accepted analytics cookies, without advertising measurement.');
    expect(choiceSummary(REJECT_ALL)).toBe('You have rejected analytics cookies.');
    expect(choiceSummary({ analytics: false, marketing: true })).toBe('You have rejected analytics cookies.');
  });
});
