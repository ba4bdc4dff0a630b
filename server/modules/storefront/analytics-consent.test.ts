/**
 * Analytics with consent (issue 32), the server's part: Google's hosts are in the CSP only when a
 * GA4 measurement id is configured; the app props carry the id and the visitor's cookie choice, so
 * a page drawn on the server shows the consent banner only to someone who has not chosen.
 */
import { describe, expect, it } from 'vitest';
import { sourceRenderEntry, testApp } from '../../test/app';

const MEASUREMENT_ID = 'G-TEST12345';
const GOOGLE_HOSTS = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** One directive's sources from a Content-Security-Policy header. */
function directive(csp: unknown, name: string): string[] {
  const found = String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([each]) => each === name);
  return found?.slice(1) ?? [];
}

describe('the Content-Security-Policy and analytics', () => {
  it('allows none of Google Analytics’ hosts without a measurement id', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/app-props.json' });

    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    for (const host of GOOGLE_HOSTS) expect(String(csp)).not.toContain(host);
    expect(response.json<{ props: Record<string, unknown> }>().props).not.toHaveProperty('ga4MeasurementId');
  });

  it('allows gtag.js from the tag manager and hits to the collection hosts with one', async () => {
    const app = await testApp({ env: { GA4_MEASUREMENT_ID: MEASUREMENT_ID } });
    const response = await app.inject({ method: 'GET', url: '/web-api/app-props.json' });

    const csp = response.headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(csp, 'script-src')).not.toContain('https://*.google-analytics.com');
    for (const name of ['connect-src', 'img-src']) {
      expect(directive(csp, name)).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com']));
    }
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('refuses to start with something that is not a GA4 measurement id', async () => {
    await expect(testApp({ env: { GA4_MEASUREMENT_ID: 'UA-1234-1' } })).rejects.toThrow(/GA4_MEASUREMENT_ID/);
  });
});

describe('the app props and the consent cookie', () => {
  it('carry the measurement id, and the choice only once the visitor made one', async () => {
    const app = await testApp({ env: { GA4_MEASUREMENT_ID: MEASUREMENT_ID } });
    const props = async (cookie?: string) =>
      (await app.inject({ method: 'GET', url: '/web-api/app-props.json', ...(cookie ? { headers: { cookie } } : {}) })).json<{ props: Record<string, unknown> }>().props;

    expect(await props()).toMatchObject({ ga4MeasurementId: MEASUREMENT_ID });
    expect(await props()).not.toHaveProperty('consent');
    expect(await props('cookie_consent=v1.a1.m0')).toMatchObject({ consent: { analytics: true, marketing: false } });
    expect(await props('cookie_consent=v1.a0.m0')).toMatchObject({ consent: { analytics: false, marketing: false } });
    // A value this shop did not write is no choice: the banner asks again.
    expect(await props('cookie_consent=yes')).not.toHaveProperty('consent');
  });

  it('draw the banner on the server for a first visit only', async () => {
    const app = await testApp({ env: { GA4_MEASUREMENT_ID: MEASUREMENT_ID }, loadRenderEntry: sourceRenderEntry });
    const first = await app.inject({ method: 'GET', url: '/' });
    const chosen = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'cookie_consent=v1.a0.m0' } });

    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('aria-labelledby="cookie-banner-title"');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).not.toContain('aria-labelledby="cookie-banner-title"');
    // Nothing of Google's is in the page itself: the script loads after consent, in the browser.
    expect(first.body).not.toContain('googletagmanager.com/gtag');
  });

  it('draw no banner when the shop does not measure', async () => {
    const app = await testApp({ loadRenderEntry: sourceRenderEntry });
    const response = await app.inject({ method: 'GET', url: '/' });

    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('cookie-banner-title');
  });
});
