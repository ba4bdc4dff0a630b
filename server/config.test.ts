import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      isProduction: false,
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      redisUrl: undefined,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 720,
      clientDir: path.resolve('dist/client'),
      rateLimitMax: 300,
      defaultCurrency: 'GBP',
      flags: { 'payments.paypal': 1, 'payments.stripe': 1, discountThresholds: 1, companyAccount: 1, lowestPrice: 1 },
    });
  });

  it('treats an empty DATABASE_URL as unset (embedded PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop' }).databaseUrl).toBe('postgres://shop@db:5432/shop');
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ FEATURE_LOWEST_PRICE: 'yes' })).toThrow(/FEATURE_LOWEST_PRICE/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
