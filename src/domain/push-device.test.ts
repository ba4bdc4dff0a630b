import { describe, expect, it } from 'vitest';
import { base64UrlBytes, deviceLabel } from './push-device';

describe('the VAPID key for PushManager.subscribe', () => {
  it('reads base64url with or without padding', () => {
    expect([...base64UrlBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect([...base64UrlBytes('AQID_-8=')]).toEqual([1, 2, 3, 255, 239]);
    expect([...base64UrlBytes('')]).toEqual([]);
  });

  it('reads a P-256 public key as 65 bytes starting with 4', () => {
    const key = 'BOzp5ONxbaE2kpP5Yz2nR0CU4-bYjQDMfd3a8LjkfkqRk0ERuNczkG7l3lmNd8hvfuxG4y7_cRKyLQC2mT5kf9k';
    const bytes = base64UrlBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it('refuses what is not base64url', () => {
    expect(() => base64UrlBytes('abc$')).toThrow();
    expect(() => base64UrlBytes('abcde')).toThrow();
  });
});

describe('the name of a subscribed device', () => {
  it('names browser and system', () => {
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on macOS');
  });

  it('falls back to a plain name', () => {
    expect(deviceLabel('')).toBe('Browser');
    expect(deviceLabel('curl/8.0')).toBe('Browser');
  });
});
