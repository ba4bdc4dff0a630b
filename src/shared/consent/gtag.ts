/**
 * Google Analytics 4 through gtag.js (issue 32), loaded (this module too) only once the visitor
 * agreed to analytics: Consent Mode v2's defaults (all four signals denied) go first, then the
 * choice as an update, then Google's loader, fetched by its URL at run time (never part of the
 * shop's bundle). From then on the ecommerce events of SPEC §7 go to GA4 as well as to the data
 * layer; a withdrawal tells Consent Mode and stops them.
 */
import { CONSENT_MODE_DEFAULTS, consentModeOf, gtagScriptUrl, mayLoadAnalytics } from '../../domain/analytics-consent';
import type { ConsentChoice } from '../../domain/consent';
import { forwardEcommerceEvents, type EcommerceEvent } from '../analytics';

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** Earlier events of this page sent after a first Accept: a page pushes a few at most. */
const MAX_EARLIER = 20;
let loadedId: string | null = null;
/** The visitor refused on this page life: what was pushed meanwhile is never sent later. */
let refusedOnThisPage = false;

/** gtag.js reads the arguments object itself from the data layer, not an array. */
function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params -- gtag.js recognises its commands by the arguments object.
  window.dataLayer.push(arguments);
}

function sendEvent(event: EcommerceEvent): void {
  gtag('event', event.event, event.ecommerce);
}

/** The ecommerce events already in the data layer (pushed before the visitor chose). */
function earlierEvents(): EcommerceEvent[] {
  const entries = (window.dataLayer ?? []).filter((entry): entry is EcommerceEvent => typeof entry === 'object' && entry !== null && 'event' in entry && 'ecommerce' in entry);
  return entries.slice(-MAX_EARLIER);
}

/**
 * Applies a choice on this page. With analytics agreed GA4 starts (once per page life) and events
 * go to it, the page's events so far too (pushed before this module loaded, or before the visitor
 * accepted). Without, nothing of Google's is loaded; if it runs, Consent Mode is told, and
 * Google's cookies are removed.
 */
export function applyAnalyticsConsent(measurementId: string, choice: ConsentChoice): void {
  if (!mayLoadAnalytics(measurementId, choice)) {
    forwardEcommerceEvents(null);
    refusedOnThisPage = true;
    if (loadedId) gtag('consent', 'update', consentModeOf(choice));
    removeAnalyticsCookies();
    return;
  }
  const sendEarlier = !loadedId && !refusedOnThisPage;
  if (loadedId) {
    gtag('consent', 'update', consentModeOf(choice));
  } else {
    window.gtag = gtag;
    gtag('consent', 'default', CONSENT_MODE_DEFAULTS);
    gtag('consent', 'update', consentModeOf(choice));
    gtag('js', new Date());
    gtag('config', measurementId);
    const script = document.createElement('script');
    script.async = true;
    script.src = gtagScriptUrl(measurementId);
    document.head.appendChild(script);
    loadedId = measurementId;
  }
  if (sendEarlier) earlierEvents().forEach(sendEvent);
  forwardEcommerceEvents(sendEvent);
}

/** Google Analytics' own cookies (_ga, _ga_<id>), removed when the visitor withdraws consent. */
function removeAnalyticsCookies(): void {
  const host = window.location.hostname;
  const domains = ['', host, `.${host.split('.').slice(-2).join('.')}`];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim() ?? '';
    if (name !== '_ga' && !name.startsWith('_ga_')) continue;
    for (const domain of domains) document.cookie = `${name}=; Path=/; Max-Age=0${domain ? `; Domain=${domain}` : ''}`;
  }
}
