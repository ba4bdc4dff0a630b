import { describe, expect, it } from 'vitest';
import { backoffMs, isExpired, needsBotCheck, nextToSend, OUTBOX_BACKOFF_MAX_MS, OUTBOX_KEEP_MS, outcomeOf, pendingItems, type OutboxItem } from './outbox';

const item = (seq: number, state: OutboxItem['state'] = 'queued', nextAttemptAt?: number): OutboxItem => ({
  id: `key-${seq}`,
  seq,
  kind: 'account-part-request',
  label: '',
  body: {},
  createdAt: 0,
  state,
  attempts: 0,
  nextAttemptAt,
});

describe('outbox rules', () => {
  it('reads each answer into what happens to the item', () => {
    expect(outcomeOf('enquiry', 200, { status: 'success', message: 'Thanks.' })).toEqual({ type: 'sent', message: 'Thanks.' });
    expect(outcomeOf('part-request', 200, { success: true, msg: 'Ref PR-000001.' })).toEqual({ type: 'sent', message: 'Ref PR-000001.' });
    expect(outcomeOf('enquiry', 0, undefined).type).toBe('retry');
    expect(outcomeOf('enquiry', 503, undefined)).toEqual({ type: 'retry', reason: 'The shop could not take it just now (503).' });
    expect(outcomeOf('enquiry', 429, { success: false, msg: 'Too many requests.' })).toEqual({ type: 'retry', reason: 'Too many requests.' });
    expect(outcomeOf('enquiry', 403, { success: false, msg: 'Expired.' })).toEqual({ type: 'renew-csrf', reason: 'Expired.' });
    expect(outcomeOf('account-part-request', 401, {}).type).toBe('needs-sign-in');
    expect(outcomeOf('part-request', 422, { success: false, msg: 'Check.', errors: { 'cf-token': ['Failed.'] } })).toEqual({ type: 'needs-bot-check', reason: 'Failed.' });
    // Only the shop form has a bot check: elsewhere a field of that name is an ordinary field.
    expect(outcomeOf('account-part-request', 422, { success: false, msg: 'Check.', errors: { car_reg: ['Enter one.'], junk: 5 } })).toEqual({
      type: 'needs-attention',
      reason: 'Check.',
      errors: { car_reg: ['Enter one.'] },
    });
    expect(outcomeOf('notification', 404, { success: false, msg: 'Gone.' })).toEqual({ type: 'failed', reason: 'Gone.' });
  });

  it('waits 100 ms after a first failure, doubling up to 5 minutes', () => {
    expect([0, 1, 2, 3, 4].map(backoffMs)).toEqual([0, 100, 200, 400, 800]);
    expect(backoffMs(40)).toBe(OUTBOX_BACKOFF_MAX_MS);
  });

  it('keeps an item 7 days', () => {
    expect(isExpired({ createdAt: 0 }, OUTBOX_KEEP_MS)).toBe(false);
    expect(isExpired({ createdAt: 0 }, OUTBOX_KEEP_MS + 1)).toBe(true);
  });

  it('sends in the order made: the first queued item, once its wait is over; items waiting for the person do not hold others up', () => {
    expect(nextToSend([item(3), item(1, 'needs-sign-in'), item(2)], 0)?.seq).toBe(2);
    expect(nextToSend([item(3), item(2, 'queued', 100)], 50)).toBeUndefined();
    expect(nextToSend([item(3), item(2, 'queued', 100)], 100)?.seq).toBe(2);
    expect(pendingItems([item(2), item(1, 'sent'), item(0, 'failed')]).map((each) => each.seq)).toEqual([0, 2]);
  });

  it('a shop part request without a bot-check answer waits for one', () => {
    expect(needsBotCheck('part-request', { 'cf-token': '' })).toBe(true);
    expect(needsBotCheck('part-request', { 'cf-token': 'payload' })).toBe(false);
    expect(needsBotCheck('enquiry', {})).toBe(false);
  });
});
