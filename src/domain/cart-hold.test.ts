import { describe, expect, it } from 'vitest';
import { countdownText, heldElsewhereText, holdAnnouncement, holdStage, holdText, holdTimeLeft, minutesRoughly } from './cart-hold';

const at = Date.parse('2026-11-28T10:00:00Z');

describe('the cart hold', () => {
  it('counts what is left of the hold, and nothing once it ended', () => {
    expect(holdTimeLeft(at + 90_000, at)).toBe(90_000);
    expect(holdTimeLeft(at, at)).toBe(0);
    expect(holdTimeLeft(at - 5_000, at)).toBe(0);
  });

  it('shows minutes and seconds, rounding seconds up so 0:00 only shows at the end', () => {
    expect(countdownText(24 * 60_000 + 13_000)).toBe('24:13');
    expect(countdownText(24 * 60_000 + 12_001)).toBe('24:13');
    expect(countdownText(59_000)).toBe('0:59');
    expect(countdownText(1)).toBe('0:01');
    expect(countdownText(0)).toBe('0:00');
    expect(countdownText(-3_000)).toBe('0:00');
  });

  it('says the part is held with the time left, then that it is no longer held', () => {
    expect(holdText(24 * 60_000 + 13_000)).toBe('Held for you for 24:13');
    expect(holdText(0)).toBe('No longer held');
  });

  it('changes stage only at 5 minutes left and at the end', () => {
    expect(holdStage(30 * 60_000)).toBe('held');
    expect(holdStage(5 * 60_000 + 1)).toBe('held');
    expect(holdStage(5 * 60_000)).toBe('ending');
    expect(holdStage(1)).toBe('ending');
    expect(holdStage(0)).toBe('ended');
  });

  it('announces nothing while plenty is left, then the last 5 minutes, then the end', () => {
    expect(holdAnnouncement('held', 'Ford Focus Alternator')).toBe('');
    expect(holdAnnouncement('ending', 'Ford Focus Alternator')).toBe('Less than 5 minutes left of the hold on Ford Focus Alternator.');
    expect(holdAnnouncement('ended', 'Ford Focus Alternator')).toBe('Ford Focus Alternator is no longer held for you.');
  });

  it('rounds the minutes until another shopper may buy the part, never below 1', () => {
    expect(minutesRoughly(20 * 60_000 + 29_000)).toBe(20);
    expect(minutesRoughly(19 * 60_000 + 31_000)).toBe(20);
    expect(minutesRoughly(20_000)).toBe(1);
    expect(minutesRoughly(0)).toBe(1);
    expect(heldElsewhereText(20 * 60_000)).toBe("In someone's cart — may be free again in about 20 min");
  });
});
