import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedSteps, base32Decode, base32Encode, counterBytes, formatRecoveryCode, otpauthUrl, recoveryCodeOf, timeStep, totpCodeOf, truncate } from './totp';

const bytesOf = (text: string) => new TextEncoder().encode(text);
const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));

describe('base32 (RFC 4648 §10 test vectors, without padding)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ↔ %s', (plain, encoded) => {
    expect(base32Encode(bytesOf(plain))).toBe(encoded);
    expect(base32Decode(encoded)).toEqual(bytesOf(plain));
  });

  it("encodes RFC 6238's SHA-1 secret as authenticator apps know it", () => {
    expect(base32Encode(bytesOf('12345678901234567890'))).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('reads secrets as people copy them (lower case, spaces, padding) and refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb-oi======')).toEqual(bytesOf('foobar'));
    expect(base32Decode('MZXW1')).toBeNull();
  });

  it('round-trips any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
      }));
  });
});

describe('time steps (RFC 6238 appendix B)', () => {
  it.each([
    [59, 1],
    [1_111_111_109, 0x23523ec],
    [1_111_111_111, 0x23523ed],
    [1_234_567_890, 0x273ef07],
    [2_000_000_000, 0x3f940aa],
    [20_000_000_000, 0x27bc86aa],
  ])('T at %i s is %i', (seconds, step) => {
    expect(timeStep(new Date(seconds * 1000))).toBe(step);
  });

  it('writes the counter as 8 big-endian bytes, past 32 bits too', () => {
    expect(counterBytes(0x27bc86aa)).toEqual(hex('0000000027bc86aa'));
    expect(counterBytes(2 ** 40 + 1)).toEqual(hex('0000010000000001'));
  });

  it('accepts the current step and one either side', () => {
    expect(acceptedSteps(new Date(59_000))).toEqual([1, 0, 2]);
  });
});

describe('dynamic truncation (RFC 4226)', () => {
  it("gives §5.4's example 872921 and RFC 4226 appendix D's HOTP values", () => {
    expect(truncate(hex('1f8698690e02ca16618550ef7f19da8e945b555a'))).toBe('872921');
    // Appendix D: count 0 and 1 of secret '12345678901234567890'.
    expect(truncate(hex('cc93cf18508d94934c64b65d8ba7667fb7cde4b0'))).toBe('755224');
    expect(truncate(hex('75a48a19d4cbe100644e8ac1397eea747a2d33ab'))).toBe('287082');
  });

  it('pads short codes with zeros and gives 8 digits when asked', () => {
    // Offset 0, value 0x00000001.
    const small = hex('000000010000000000000000000000000000000000');
    expect(truncate(small)).toBe('000001');
    expect(truncate(hex('75a48a19d4cbe100644e8ac1397eea747a2d33ab'), 8)).toBe('94287082');
  });
});

describe('what people type', () => {
  it('takes a six-digit code with spaces and nothing else', () => {
    expect(totpCodeOf(' 123 456 ')).toBe('123456');
    expect(totpCodeOf('12345')).toBeNull();
    expect(totpCodeOf('12345a')).toBeNull();
  });

  it('reads recovery codes in any case, with or without the hyphen', () => {
    expect(recoveryCodeOf('ABCDE-FGH27')).toBe('abcdefgh27');
    expect(recoveryCodeOf('abcdefgh27')).toBe('abcdefgh27');
    expect(recoveryCodeOf('abcde-fgh28')).toBeNull();
    expect(recoveryCodeOf('123456')).toBeNull();
    const shown = formatRecoveryCode(Uint8Array.from({ length: 10 }, (_, i) => i * 25));
    expect(shown).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(recoveryCodeOf(shown)).toBe(shown.replace('-', ''));
  });
});

describe('otpauth URL', () => {
  it('names issuer and account and carries the secret and the RFC 6238 parameters', () => {
    const url = new URL(otpauthUrl({ issuer: 'PartsFinder UK', account: 'ann@example.com', secret: 'GEZDGNBV' }));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/PartsFinder UK:ann@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: 'GEZDGNBV', issuer: 'PartsFinder UK', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
