import { describe, expect, it } from 'vitest';
import { DISMISSED_FOR_MS, installOfferKind, isIosSafari, nextVisitCount, storedTime, type InstallSituation } from './install-rules';

const NOW = Date.UTC(2025, 5, 2, 9, 30);
const DAY = 24 * 60 * 60 * 1000;

const second: InstallSituation = {
  visits: 2,
  dismissedAt: null,
  now: NOW,
  standalone: false,
  installed: false,
  canPrompt: true,
  iosSafari: false,
  pathname: '/',
};

describe('when the shop offers to be installed', () => {
  it('not on the first visit', () => {
    expect(installOfferKind({ ...second, visits: 1 })).toBeNull();
  });

  it("from the second visit on, with the browser's install dialog", () => {
    expect(installOfferKind(second)).toBe('prompt');
    expect(installOfferKind({ ...second, visits: 7 })).toBe('prompt');
  });

  it('the Add to Home Screen steps on iOS Safari, which has no install dialog', () => {
    expect(installOfferKind({ ...second, canPrompt: false, iosSafari: true })).toBe('ios');
  });

  it('nothing where the browser can neither prompt nor add to the home screen', () => {
    expect(installOfferKind({ ...second, canPrompt: false })).toBeNull();
  });

  it('never in the installed app, nor once installed from this browser', () => {
    expect(installOfferKind({ ...second, standalone: true })).toBeNull();
    expect(installOfferKind({ ...second, installed: true })).toBeNull();
    expect(installOfferKind({ ...second, canPrompt: false, iosSafari: true, standalone: true })).toBeNull();
  });

  it('never during checkout', () => {
    expect(installOfferKind({ ...second, pathname: '/checkout/summary' })).toBeNull();
    expect(installOfferKind({ ...second, pathname: '/order-created' })).toBeNull();
  });

  it("not for 30 days after 'Not now', then again", () => {
    expect(installOfferKind({ ...second, dismissedAt: NOW - DAY })).toBeNull();
    expect(installOfferKind({ ...second, dismissedAt: NOW - DISMISSED_FOR_MS + 1 })).toBeNull();
    expect(installOfferKind({ ...second, dismissedAt: NOW - DISMISSED_FOR_MS })).toBe('prompt');
  });

  it('a dismissal dated in the future (a clock set wrong) does not hide the offer for ever', () => {
    expect(installOfferKind({ ...second, dismissedAt: NOW + 400 * DAY })).toBe('prompt');
  });
});

describe('counting visits', () => {
  it('starts at one and adds one', () => {
    expect(nextVisitCount(null)).toBe(1);
    expect(nextVisitCount('1')).toBe(2);
    expect(nextVisitCount('41')).toBe(42);
  });

  it('starts again from a damaged value', () => {
    for (const stored of ['', 'x', '-3', '1.5', 'NaN', '1e400']) expect(nextVisitCount(stored)).toBe(1);
  });

  it('reads a stored time, or none', () => {
    expect(storedTime(String(NOW))).toBe(NOW);
    expect(storedTime(null)).toBeNull();
    expect(storedTime('')).toBeNull();
    expect(storedTime('soon')).toBeNull();
  });
});

describe('iOS Safari', () => {
  const iphoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const iphoneChrome = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
  const ipadOsSafari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const androidChrome = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

  it('Safari on an iPhone, and on an iPad that says it is a Mac', () => {
    expect(isIosSafari(iphoneSafari, 5)).toBe(true);
    expect(isIosSafari(ipadOsSafari, 5)).toBe(true);
  });

  it('not Chrome on iOS, Safari on a Mac, nor Android', () => {
    expect(isIosSafari(iphoneChrome, 5)).toBe(false);
    expect(isIosSafari(ipadOsSafari, 0)).toBe(false);
    expect(isIosSafari(androidChrome, 5)).toBe(false);
  });
});
