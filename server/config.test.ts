import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      isProduction: false,
      devPages: true,
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

  it("gives staff sessions shorter lifetimes than members', and takes them and the TOTP key from the environment", () => {
    expect(loadConfig({}).staff).toEqual({ sessionIdleMinutes: 30, sessionAbsoluteHours: 8, totpKey: undefined });
    expect(loadConfig({ STAFF_SESSION_IDLE_MINUTES: '15', STAFF_SESSION_ABSOLUTE_HOURS: '4', STAFF_TOTP_KEY: 't'.repeat(32) }).staff).toEqual({ sessionIdleMinutes: 15, sessionAbsoluteHours: 4, totpKey: 't'.repeat(32) });
    expect(() => loadConfig({ STAFF_TOTP_KEY: 'short' })).toThrow(/STAFF_TOTP_KEY/);
    expect(() => loadConfig({ STAFF_SESSION_IDLE_MINUTES: '0' })).toThrow(/STAFF_SESSION_IDLE_MINUTES/);
  });

  it('treats an empty DATABASE_URL as unset (embedded PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop' }).databaseUrl).toBe('postgres://shop@db:5432/shop');
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ FEATURE_LOWEST_PRICE: 'yes' })).toThrow(/FEATURE_LOWEST_PRICE/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEV_PAGES: 'yes' })).toThrow(/DEV_PAGES/);
  });

  it('hides the developer pages in production unless DEV_PAGES=true', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devPages).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_PAGES: 'true' }).devPages).toBe(true);
  });
});

describe('loadConfig: mail and bot check', () => {
  it('keeps mail in the outbox and checks with ALTCHA on a key made up at start, by default', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ from: 'PartsFinder UK <parts@partsfinder.invalid>', smtpUrl: undefined, timeoutMs: 10_000 });
    expect(config.botCheck).toMatchObject({ adapter: 'altcha', maxNumber: 50_000, hmacKey: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(loadConfig({}).botCheck).not.toEqual(config.botCheck);
  });

  it('uses Turnstile when both its keys are set, and refuses one without the other', () => {
    expect(loadConfig({ TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret' }).botCheck).toEqual({
      adapter: 'turnstile',
      siteKey: 'site',
      secretKey: 'secret',
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ TURNSTILE_SITE_KEY: 'site' })).toThrow(/TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY/);
  });

  it('needs a shared ALTCHA key in production on PostgreSQL, where several processes may serve', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db:5432/shop', SEARCH_ID_KEY: 's'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/ALTCHA_HMAC_KEY/);
    expect(loadConfig({ ...production, ALTCHA_HMAC_KEY: 'k'.repeat(32) }).botCheck).toMatchObject({ hmacKey: 'k'.repeat(32) });
    expect(() => loadConfig({ ...production, ALTCHA_HMAC_KEY: 'short' })).toThrow(/ALTCHA_HMAC_KEY/);
    expect(loadConfig({ NODE_ENV: 'production' }).botCheck.adapter).toBe('altcha');
  });

  it('needs a SearchID key in production on PostgreSQL, so every process and every restart reads the same SearchIDs', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db:5432/shop', ALTCHA_HMAC_KEY: 'k'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/SEARCH_ID_KEY/);
    expect(() => loadConfig({ ...production, SEARCH_ID_KEY: 'short' })).toThrow(/SEARCH_ID_KEY/);
    expect(loadConfig({ ...production, SEARCH_ID_KEY: 's'.repeat(32) }).catalogue.searchIdKey).toBe('s'.repeat(32));
    // Embedded PGlite in production: the catalogue keeps a key in DATA_DIR.
    expect(loadConfig({ NODE_ENV: 'production' }).catalogue.searchIdKey).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).catalogue.searchIdKey).toEqual(expect.any(String));
  });

  it('reads the rate limits of each kind of call', () => {
    expect(loadConfig({}).rateLimits).toEqual({ catalogue: 3000, signIn: 10, passwordReset: 5, forms: 10 });
    expect(loadConfig({ RATE_LIMIT_CATALOGUE_MAX: '5000', RATE_LIMIT_SIGN_IN_MAX: '3' }).rateLimits).toMatchObject({ catalogue: 5000, signIn: 3 });
    expect(() => loadConfig({ RATE_LIMIT_FORMS_MAX: '0' })).toThrow(/RATE_LIMIT_FORMS_MAX/);
  });

  it('keeps at most 4 MB of catalogue answers in each process by default, settable and checked', () => {
    expect(loadConfig({}).catalogue).toMatchObject({ cacheEntries: 1000, cacheBytes: 4 * 1024 * 1024 });
    expect(loadConfig({ CATALOGUE_CACHE_MB: '16' }).catalogue.cacheBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ CATALOGUE_CACHE_MB: '0' }).catalogue.cacheBytes).toBe(0);
    expect(() => loadConfig({ CATALOGUE_CACHE_MB: '-1' })).toThrow(/CATALOGUE_CACHE_MB/);
    expect(() => loadConfig({ CATALOGUE_CACHE_MB: 'lots' })).toThrow(/CATALOGUE_CACHE_MB/);
  });

  it('checks the SMTP URL', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.co.uk:465' }).mail.smtpUrl).toBe('smtps://user:pass@mail.example.co.uk:465');
    expect(() => loadConfig({ SMTP_URL: 'mail.example.co.uk' })).toThrow(/SMTP_URL/);
  });

  it('limits the providers’ calls in time: payments 10 s and SMTP 10 s by default, each settable and checked', () => {
    expect(loadConfig({}).payments.timeoutMs).toBe(10_000);
    expect(loadConfig({ PAYMENT_TIMEOUT_MS: '2500', SMTP_TIMEOUT_MS: '4000' })).toMatchObject({ payments: { timeoutMs: 2500 }, mail: { timeoutMs: 4000 } });
    expect(() => loadConfig({ PAYMENT_TIMEOUT_MS: '0' })).toThrow(/PAYMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ SMTP_TIMEOUT_MS: 'soon' })).toThrow(/SMTP_TIMEOUT_MS/);
  });
});

describe('loadConfig: product pages', () => {
  it('sends enquiries to SHOP_EMAIL, else to the address of MAIL_FROM', () => {
    expect(loadConfig({}).shopEmail).toBe('parts@partsfinder.invalid');
    expect(loadConfig({ MAIL_FROM: 'sales@breaker.example' }).shopEmail).toBe('sales@breaker.example');
    expect(loadConfig({ SHOP_EMAIL: 'enquiries@breaker.example' }).shopEmail).toBe('enquiries@breaker.example');
    expect(() => loadConfig({ SHOP_EMAIL: 'not an address' })).toThrow(/SHOP_EMAIL/);
  });

  it('takes the public address from PUBLIC_URL without a trailing slash, else localhost on PORT', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
    expect(loadConfig({ PUBLIC_URL: 'https://www.partsfinder.example/' }).publicUrl).toBe('https://www.partsfinder.example');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://partsfinder.example' })).toThrow(/PUBLIC_URL/);
  });

  it('runs the back-in-stock check every minute unless told otherwise, never more than once a second', () => {
    expect(loadConfig({}).backInStockIntervalMs).toBe(60_000);
    expect(loadConfig({ BACK_IN_STOCK_INTERVAL_MS: '5000' }).backInStockIntervalMs).toBe(5000);
    expect(() => loadConfig({ BACK_IN_STOCK_INTERVAL_MS: '10' })).toThrow(/BACK_IN_STOCK_INTERVAL_MS/);
  });

  it('keeps job applications 6 months unless told otherwise, deleting them in an hourly round', () => {
    expect(loadConfig({}).jobApplications).toEqual({ retentionMonths: 6, intervalMs: 3_600_000 });
    expect(loadConfig({ JOB_APPLICATION_RETENTION_MONTHS: '12' }).jobApplications.retentionMonths).toBe(12);
    expect(() => loadConfig({ JOB_APPLICATION_RETENTION_MONTHS: '0' })).toThrow(/JOB_APPLICATION_RETENTION_MONTHS/);
  });

  it('looks for refunds left pending every minute, once they are 5 minutes old, unless told otherwise', () => {
    expect(loadConfig({}).refunds).toEqual({ reconcileIntervalMs: 60_000, reconcileAfterMs: 300_000 });
    expect(loadConfig({ REFUND_RECONCILE_INTERVAL_MS: '15000', REFUND_RECONCILE_AFTER_MINUTES: '10' }).refunds).toEqual({ reconcileIntervalMs: 15_000, reconcileAfterMs: 600_000 });
    expect(() => loadConfig({ REFUND_RECONCILE_INTERVAL_MS: '10' })).toThrow(/REFUND_RECONCILE_INTERVAL_MS/);
    // Sooner than a provider's call may take: a refund still with the provider would be asked for again.
    expect(() => loadConfig({ REFUND_RECONCILE_AFTER_MINUTES: '1' })).toThrow(/REFUND_RECONCILE_AFTER_MINUTES/);
    expect(() => loadConfig({ REFUND_RECONCILE_AFTER_MINUTES: 'soon' })).toThrow(/REFUND_RECONCILE_AFTER_MINUTES/);
  });
});
