import { describe, expect, it } from 'vitest';
import { base32Encode, timeStep } from '../../../../src/domain/totp';
import { hotp, matchingStep, secretBox } from './totp';

const rfcSecret = new TextEncoder().encode('12345678901234567890');

describe('TOTP with HMAC-SHA1', () => {
  // RFC 6238 appendix B, the SHA1 column (8 digits).
  it.each([
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_111_111_111, '14050471'],
    [1_234_567_890, '89005924'],
    [2_000_000_000, '69279037'],
    [20_000_000_000, '65353130'],
  ])('gives RFC 6238 appendix B at %i s: %s', (seconds, code) => {
    expect(hotp(rfcSecret, timeStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('gives RFC 4226 appendix D for counters 0 to 9 (6 digits)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(rfcSecret, counter))).toEqual(expected);
  });

  it('matches a code of the current step or one either side, not two away', () => {
    const at = new Date(1_234_567_890_000);
    const step = timeStep(at);
    expect(matchingStep(rfcSecret, hotp(rfcSecret, step), at)).toBe(step);
    expect(matchingStep(rfcSecret, hotp(rfcSecret, step - 1), at)).toBe(step - 1);
    expect(matchingStep(rfcSecret, hotp(rfcSecret, step + 1), at)).toBe(step + 1);
    expect(matchingStep(rfcSecret, hotp(rfcSecret, step + 2), at)).toBeNull();
    expect(matchingStep(rfcSecret, hotp(rfcSecret, step - 2), at)).toBeNull();
    expect(matchingStep(rfcSecret, '12345', at)).toBeNull();
  });
});

describe('the secret box', () => {
  it('opens what it sealed, with the same key only, and seals alike secrets differently', () => {
    const box = secretBox('k'.repeat(32));
    const sealed = box.seal(rfcSecret);
    expect(sealed).not.toContain(base32Encode(rfcSecret));
    expect(box.seal(rfcSecret)).not.toBe(sealed);
    expect(box.open(sealed)).toEqual(rfcSecret);
    expect(secretBox('j'.repeat(32)).open(sealed)).toBeNull();
    const [version, iv, tag, body = ''] = sealed.split('.');
    const tampered = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([version, iv, tag, tampered].join('.'))).toBeNull();
    expect(box.open('plain')).toBeNull();
  });
});
