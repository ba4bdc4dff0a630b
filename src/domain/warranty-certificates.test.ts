import { describe, expect, it } from 'vitest';
import { isInWarranty, WARRANTY_CERTIFICATE_NUMBER, warrantyCertificateNumber, warrantyEndsAt } from './warranty-certificates';

describe('warranty rules', () => {
  it('ends a term its number of days after payment, to the minute, and runs until that instant', () => {
    const paid = new Date('2025-06-03T09:10:00Z');
    const ends = warrantyEndsAt(paid, 30);
    expect(ends.toISOString()).toBe('2025-07-03T09:10:00.000Z');
    expect(isInWarranty(ends, new Date('2025-07-03T09:09:59Z'))).toBe(true);
    expect(isInWarranty(ends, ends)).toBe(false);
  });

  it('numbers a certificate in Crockford base32 from 80 random bits', () => {
    expect(warrantyCertificateNumber(new Uint8Array(10))).toBe('WC-0000-0000-0000-0000');
    expect(warrantyCertificateNumber(new Uint8Array(10).fill(255))).toBe('WC-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    const number = warrantyCertificateNumber(Uint8Array.from([1, 35, 69, 103, 137, 171, 205, 239, 0, 18]));
    expect(number).toBe('WC-04HM-ASW9-NF6Y-Y00J');
    expect(WARRANTY_CERTIFICATE_NUMBER.test(number)).toBe(true);
    expect(WARRANTY_CERTIFICATE_NUMBER.test('WC-0000-0000-0000-000I')).toBe(false);
    expect(() => warrantyCertificateNumber(new Uint8Array(8))).toThrow();
  });
});
