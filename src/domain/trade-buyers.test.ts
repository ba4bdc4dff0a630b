import { describe, expect, it } from 'vitest';
import { alertIsDue, alertMail, alertPeriod, alertPush, savedSearchName, vehicleLabel } from './trade-buyers';

describe('alert timing', () => {
  it('sends at most once an hour, and two messages an hour apart never share a period', () => {
    const sent = new Date('2026-11-25T10:59:30Z');
    expect(alertIsDue(null, sent)).toBe(true);
    expect(alertIsDue(sent, new Date('2026-11-25T11:59:29Z'))).toBe(false);
    expect(alertIsDue(sent, new Date('2026-11-25T11:59:30Z'))).toBe(true);
    expect(alertPeriod(sent).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(alertPeriod(new Date('2026-11-25T11:59:30Z')).toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });
});

describe('names', () => {
  it('names vehicles and saved searches from what they are', () => {
    expect(vehicleLabel({ vrn: 'AB12CDE', make: 'Ford', model: 'Focus Mk3', year: 2012 })).toBe('AB12CDE · 2012 Ford Focus Mk3');
    expect(vehicleLabel({ make: 'Ford', model: null, year: null })).toBe('Ford');
    expect(savedSearchName({ vrn: 'AB12CDE' }, 'Alternator')).toBe('AB12CDE – Alternator');
    expect(savedSearchName({ oem: 'AV6N-10300' }, null)).toBe('Part number AV6N-10300');
    expect(savedSearchName({ make: 'Ford', model: 'Focus', year: 2012 }, null)).toBe('2012 Ford Focus');
  });
});

describe('alert messages', () => {
  const parts = [
    { name: 'Ford Focus Alternator', price: 7999, url: '/product/a-P1' },
    { name: 'Ford Focus Starter Motor', price: 6999, url: '/product/b-P2' },
  ];
  it('groups the parts in one mail with the unsubscribe link', () => {
    const mail = alertMail({ firstName: 'Jo', label: '2012 Ford Focus', parts, unsubscribeUrl: 'https://shop/u', alertsUrl: 'https://shop/a' });
    expect(mail.subject).toBe('2 new parts for 2012 Ford Focus');
    expect(mail.text).toContain('Ford Focus Alternator – £79.99\n  /product/a-P1');
    expect(mail.text).toContain('Stop this alert (no sign-in needed): https://shop/u');
    expect(alertMail({ firstName: 'Jo', label: 'X', parts: parts.slice(0, 1), unsubscribeUrl: '', alertsUrl: '' }).subject).toBe('New part for X: Ford Focus Alternator');
  });
  it('opens the first part from the push', () => {
    expect(alertPush({ label: 'X', parts })).toEqual({ title: '2 new parts for X', body: 'Ford Focus Alternator, Ford Focus Starter Motor', url: '/product/a-P1' });
  });
});
