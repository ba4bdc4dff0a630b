/**
 * Configuration from environment variables, checked with zod once at start so a typo fails the
 * start instead of the first request that needs the value.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { FeatureFlags } from '../src/contract/app-props';
import { GA4_MEASUREMENT_ID_PATTERN } from '../src/domain/analytics-consent';
import { DEFAULT_CLAIM_LABOUR_CAP } from '../src/domain/warranty-claims';
import type { AltchaOptions } from './integrations/bot-check/altcha';
import { TURNSTILE_DEFAULT_URL, type TurnstileOptions } from './integrations/bot-check/turnstile';
import { IDEAL_POSTCODES_DEFAULT_URL, type IdealPostcodesOptions } from './integrations/postcode-lookup/ideal-postcodes';
import { DVLA_DEFAULT_URL, type DvlaOptions } from './integrations/vehicle-lookup/dvla';

/** An unset variable and an empty one mean the same: use the default. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A 0/1 switch, in the numeric form the app props use. */
const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1'])
    .default(fallback)
    .transform((value): 0 | 1 => (value === '1' ? 1 : 0));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1500),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL')),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(720),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  RENDER_DIR: optional(z.string().min(1)),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_CATALOGUE_MAX: z.coerce.number().int().positive().default(3000),
  RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PASSWORD_RESET_MAX: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_FORMS_MAX: z.coerce.number().int().positive().default(10),
  SEARCH_ID_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  CATALOGUE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(1000),
  // 4 MB, not 8: at a million parts the benchmark's API process peaked at 147 MB with 4 against
  // 156 MB with 8 (issue 30's budget is 150 MB; docs/performance.md), and a sale makes every kept
  // answer of the older stock version unreachable anyway: a busy shop's hot answers are recent.
  CATALOGUE_CACHE_MB: z.coerce.number().min(0).default(4),
  CATALOGUE_CACHE_PREFIX: z.string().default('shop:catalogue:'),
  STOCK_VERSION_POLL_MS: z.coerce.number().int().min(10).default(1000),
  TRUST_PROXY: flag('0'),
  FEATURE_PAYMENTS_PAYPAL: flag('1'),
  FEATURE_PAYMENTS_STRIPE: flag('1'),
  FEATURE_DISCOUNT_THRESHOLDS: flag('1'),
  FEATURE_COMPANY_ACCOUNT: flag('1'),
  FEATURE_LOWEST_PRICE: flag('1'),
  FEATURE_FLAGS_POLL_MS: z.coerce.number().int().min(100).default(5000),
  DEFAULT_CURRENCY: z.enum(['GBP', 'PLN']).default('GBP'),
  DEV_PAGES: optional(z.enum(['true', 'false'])),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_REPLICA_URLS: optional(z.string().regex(/^postgres(ql)?:\/\/[^,]+(,\s*postgres(ql)?:\/\/[^,]+)*$/, 'must be postgres:// URLs separated by commas')),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  METRICS_ALLOW: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  MAIL_FROM: z.string().min(3).default('PartsFinder UK <parts@partsfinder.invalid>'),
  SHOP_EMAIL: optional(z.email('must be an email address')),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  BACK_IN_STOCK_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  ALTCHA_HMAC_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  TURNSTILE_SITE_KEY: optional(z.string().min(1)),
  TURNSTILE_SECRET_KEY: optional(z.string().min(1)),
  TURNSTILE_VERIFY_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  TURNSTILE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DVLA_API_KEY: optional(z.string().min(1)),
  DVLA_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DVLA_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  CART_HOLD_MINUTES: z.coerce.number().int().min(0).max(1_440).default(30),
  GA4_MEASUREMENT_ID: optional(z.string().regex(GA4_MEASUREMENT_ID_PATTERN, 'must be a GA4 measurement id (G-…)')),
  PAYMENT_COMMISSIONS: optional(
    z
      .string()
      .regex(/^(STRIPE_CARD|STRIPE_GOOGLE_PAY|STRIPE_APPLE_PAY|PAYPAL)=\d{1,2}(\.\d{1,2})?(,(STRIPE_CARD|STRIPE_GOOGLE_PAY|STRIPE_APPLE_PAY|PAYPAL)=\d{1,2}(\.\d{1,2})?)*$/, 'must be TYPE=percent pairs, e.g. PAYPAL=2.9,STRIPE_CARD=1.5'),
  ),
  IDEAL_POSTCODES_API_KEY: optional(z.string().min(1)),
  IDEAL_POSTCODES_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  IDEAL_POSTCODES_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')),
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  PAYPAL_CLIENT_ID: optional(z.string().min(1)),
  PAYPAL_CLIENT_SECRET: optional(z.string().min(1)),
  PAYPAL_WEBHOOK_ID: optional(z.string().min(1)),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PAYMENT_SANDBOX_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SHOP_NAME: z.string().min(1).default('PartsFinder UK Ltd'),
  SHOP_ADDRESS: z.string().min(1).default('Unit 4, Brookside Industrial Estate|Coventry Road|Birmingham|B10 0AA|United Kingdom'),
  SHOP_VAT_NUMBER: z.string().min(1).default('GB 123 4567 89'),
  SHOP_COMPANY_NUMBER: optional(z.string().min(1)),
  RETURNS_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * The shop's clock runs this many days ahead of the system's (default 0): for a journey's own shop
   * that must see a later day (a warranty that has ended, tests/e2e/warranty-claims.spec.ts). Never set on a real shop.
   */
  CLOCK_OFFSET_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  /**
   * Each SIGUSR2 moves the shop's clock on by this many seconds (default 0: the signal does nothing):
   * for a journey's own shop that must see a cart hold run out without waiting for it
   * (tests/e2e/cart-hold.spec.ts). Never set on a real shop.
   */
  CLOCK_STEP_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(0),
  /** The most a warranty claim's labour contribution may refund, in pence (default £150). */
  CLAIM_LABOUR_CAP: z.coerce.number().int().min(0).max(10_000_000).default(DEFAULT_CLAIM_LABOUR_CAP),
  HMRC_CLIENT_ID: optional(z.string().min(1)),
  HMRC_CLIENT_SECRET: optional(z.string().min(1)),
  HMRC_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  HMRC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key (web-push generate-vapid-keys)')),
  VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key (web-push generate-vapid-keys)')),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL')),
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  ALERT_INTERVAL_MS: z.coerce.number().int().min(10).default(30_000),
  ALERT_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  ALERT_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  ALERT_TOKEN_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  REFUND_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  JOB_APPLICATION_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(6),
  JOB_APPLICATION_RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  REVIEW_INVITATION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  REFUND_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(2).max(60).default(5),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().max(24 * 60).default(30),
  STAFF_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().max(24 * 7).default(8),
  STAFF_TOTP_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
});

export interface Config {
  port: number;
  host: string;
  isProduction: boolean;
  /**
   * Developer pages under /dev (the mail outbox): on outside production. DEV_PAGES=true turns them
   * on for the production build the end-to-end tests drive; never set it on a public site.
   */
  devPages: boolean;
  /** A postgres:// URL, or undefined for the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /**
   * How long a call waits for a PostgreSQL connection before it answers 503 (the server is away or
   * every connection is busy): DATABASE_CONNECT_TIMEOUT_MS, 1.5 s.
   */
  databaseConnectTimeoutMs: number;
  /** On SIGTERM, how long requests in flight may take before their connections are cut: SHUTDOWN_TIMEOUT_MS, 10 s. */
  shutdownTimeoutMs: number;
  dataDir: string;
  /** Shared rate-limit counters; undefined keeps them in this process's memory. */
  redisUrl: string | undefined;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Absolute path of the built client (index.html, assets/, sw.js). */
  clientDir: string;
  /**
   * Absolute path of the page renderer (`vite build --ssr src/entry-server.tsx`); by default `server`
   * beside the client build (dist/server). Missing: pages answer 503 until it is built.
   */
  renderDir: string;
  /** Requests per minute per IP address, by kind of call (server/plugins/rate-limit.ts). */
  rateLimitMax: number;
  rateLimits: { catalogue: number; signIn: number; passwordReset: number; forms: number };
  /**
   * The catalogue (SEARCH_ID_KEY, CATALOGUE_CACHE_*, STOCK_VERSION_POLL_MS): the key that signs
   * SearchIDs (undefined only in production on embedded PGlite, where the catalogue keeps one in
   * DATA_DIR); how many answers a process keeps without Redis (0: none), and in how many bytes at
   * most; their Redis key prefix; how often the stock version is read.
   */
  catalogue: { searchIdKey: string | undefined; cacheEntries: number; cacheBytes: number; cachePrefix: string; stockVersionPollMs: number };
  /** Behind a load balancer the client's address comes from X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * SPEC §3's flags (FEATURE_*), live: the back office may switch each one, which is kept in the
   * database and copied into this object at start, at once after a change in this process, and
   * every FEATURE_FLAGS_POLL_MS (5 s) from what another process changed (server/modules/back-office/flags).
   * Read it at each call, never once at start.
   */
  flags: FeatureFlags;
  flagsPollMs: number;
  defaultCurrency: 'GBP' | 'PLN';
  /** Google Analytics 4 (issue 32): loaded in the browser only after the visitor's consent, and
   *  the CSP allows Google's hosts only when a measurement id is set; none: nothing is loaded. */
  analytics: { ga4MeasurementId: string | undefined };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * API processes `node dist/node/main.js` runs (node:cluster): WEB_CONCURRENCY on PostgreSQL; on
   * embedded PGlite always 1, since one process owns its data folder.
   */
  webConcurrency: number;
  /**
   * Streaming replicas for the catalogue's reads (server/db/replicas.ts), with DATABASE_URL only;
   * one further behind than maxLagMs is skipped.
   */
  replicas: { urls: string[]; maxLagMs: number };
  /** Who may read /metrics: a bearer token from anywhere, or these addresses without one. */
  metrics: { token: string | undefined; allow: string[] };
  /** Registration lookup: the embedded registry, or the DVLA's service when DVLA_API_KEY is set. */
  vehicleLookup: { adapter: 'embedded' } | ({ adapter: 'dvla' } & DvlaOptions);
  /**
   * Mails are kept in the outbox; with an SMTP URL a relay also delivers them. SMTP_TIMEOUT_MS
   * limits each step of a delivery (connecting, the greeting, each command); a mail that meets
   * an SMTP server away stays in the outbox for the next round.
   */
  mail: { from: string; smtpUrl: string | undefined; timeoutMs: number };
  /** Where the shop's own mail goes (product enquiries): SHOP_EMAIL, else MAIL_FROM's address. */
  shopEmail: string;
  /**
   * The shop's address as the public reaches it, without a trailing slash (canonical URLs,
   * sitemap, links in mails): PUBLIC_URL, else http://localhost:PORT.
   */
  publicUrl: string;
  /** How often the back-in-stock run looks for parts that waiting notification requests match. */
  backInStockIntervalMs: number;
  /** ALTCHA proof of work, or Cloudflare Turnstile when both its keys are set. */
  botCheck: ({ adapter: 'altcha' } & AltchaOptions) | ({ adapter: 'turnstile' } & TurnstileOptions);
  /** Checkout (issue 7): how long an unpaid order holds its parts, commission per payment type
   *  (basis points of the net goods and delivery; none configured is 0) and the postcode lookup. */
  checkout: {
    orderHoldMinutes: number;
    /** How long a part put in a cart is held for that shopper (issue 32); 0: not held, a part may
     *  sit in many carts until one orders it. */
    cartHoldMinutes: number;
    commissionBasisPoints: Partial<Record<'STRIPE_CARD' | 'STRIPE_GOOGLE_PAY' | 'STRIPE_APPLE_PAY' | 'PAYPAL', number>>;
    postcodeLookup: { adapter: 'embedded' } | ({ adapter: 'ideal-postcodes' } & IdealPostcodesOptions);
  };
  /**
   * Payments (issue 14). Each provider is the embedded sandbox unless its keys are set:
   * STRIPE_SECRET_KEY + STRIPE_PUBLISHABLE_KEY + STRIPE_WEBHOOK_SECRET select Stripe (STRIPE_API_URL
   * points the SDK elsewhere, e.g. a local fake); PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET +
   * PAYPAL_WEBHOOK_ID select PayPal in PAYPAL_ENVIRONMENT. The sandbox signs its webhooks with
   * `sandboxSecret` (PAYMENT_SANDBOX_SECRET, else a development constant outside production).
   * `timeoutMs` (PAYMENT_TIMEOUT_MS, 10 s) limits each call to Stripe or PayPal, its retries
   * included: past it the customer or staff are told the provider did not answer, and what was
   * asked stays to be asked again under the same idempotency key.
   */
  payments: {
    stripe:
      | { adapter: 'sandbox' }
      | { adapter: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: URL | undefined };
    paypal:
      | { adapter: 'sandbox' }
      | { adapter: 'paypal'; clientId: string; clientSecret: string; webhookId: string; environment: 'sandbox' | 'production' };
    sandboxSecret: string;
    timeoutMs: number;
  };
  /** Returns (issue 15): a paid line may be returned within this many days of its order being paid. */
  returnsWindowDays: number;
  /** Days the shop's clock runs ahead of the system's (CLOCK_OFFSET_DAYS; 0 on a real shop). */
  clockOffsetDays: number;
  /** Seconds each SIGUSR2 moves the shop's clock on (CLOCK_STEP_SECONDS; 0 on a real shop). */
  clockStepSeconds: number;
  /** A warranty claim's labour contribution's cap, in pence. */
  claimLabourCap: number;
  /**
   * VAT number lookup for company accounts (issue 15): HMRC's 'Check a UK VAT number' API v2 when
   * HMRC_CLIENT_ID and HMRC_CLIENT_SECRET are set (OAuth client credentials), else the embedded registry.
   */
  vatLookup: { adapter: 'embedded' } | { adapter: 'hmrc'; clientId: string; clientSecret: string; url: string; timeoutMs: number };
  /**
   * Web push (issue 17): the VAPID key pair (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY, both or
   * neither; none: a pair made once and kept in DATA_DIR/vapid.json), the contact push services
   * see (VAPID_SUBJECT, else mailto: the shop's e-mail) and how long a push service may take.
   */
  push: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string; timeoutMs: number };
  /**
   * New-stock alerts (issue 17): how often the background worker matches arrived stock and sends
   * (ALERT_INTERVAL_MS), arrivals taken per batch (ALERT_BATCH_SIZE), and the key that signs the
   * unsubscribe links in alert mails (ALERT_TOKEN_KEY; by default derived from the SearchID key),
   * and how old an arrival must be before it is matched (ALERT_SETTLE_MS: a part added outside a
   * transaction gets its fitments a moment after the part itself).
   */
  alerts: { intervalMs: number; batchSize: number; settleMs: number; tokenKey: string | undefined };
  /**
   * Job applications (issue 32): each with its CV is deleted once it is older than
   * JOB_APPLICATION_RETENTION_MONTHS (6; UK GDPR's storage limitation), by a round every
   * JOB_APPLICATION_RETENTION_INTERVAL_MS (an hour) in each API process.
   */
  jobApplications: { retentionMonths: number; intervalMs: number };
  /** Reviews (issue 32): how often each API process mails the review invitations due (a week after delivery). */
  reviewInvitations: { intervalMs: number };
  /**
   * Refunds left pending (issue 19): how often each API process looks for them
   * (REFUND_RECONCILE_INTERVAL_MS, a minute) and how long after it was asked for a pending refund
   * counts as interrupted (REFUND_RECONCILE_AFTER_MINUTES, 5: longer than a provider's call may take
   * with its retries, and far within the day a provider keeps an idempotency key).
   */
  refunds: { reconcileIntervalMs: number; reconcileAfterMs: number };
  /**
   * The back office (staff): staff sessions' idle and absolute lifetimes (STAFF_SESSION_IDLE_MINUTES,
   * 30; STAFF_SESSION_ABSOLUTE_HOURS, 8: shorter than members'), and the key that encrypts staff
   * TOTP secrets in the database (STAFF_TOTP_KEY; by default derived from the SearchID key, else kept
   * in DATA_DIR). Changing the key makes every enrolled authenticator unreadable: set it once.
   */
  staff: { sessionIdleMinutes: number; sessionAbsoluteHours: number; totpKey: string | undefined };
  /** Who sells: what an invoice must show (SHOP_ADDRESS lines are separated by '|'). */
  shop: { name: string; addressLines: string[]; vatNumber: string; companyNumber: string | undefined };
}

export class ConfigError extends Error {}

/** Signs SearchIDs outside production: public, so never a production key. */
const DEVELOPMENT_SEARCH_ID_KEY = 'development-search-id-key-not-for-production';

/** HMRC's production API host ('Check a UK VAT number' v2 lives under /organisations/vat/check-vat-number). */
const HMRC_DEFAULT_URL = 'https://api.service.hmrc.gov.uk';

/** Signs the payment sandbox's webhooks outside production. */
const DEVELOPMENT_SANDBOX_SECRET = 'development-payment-sandbox-secret-not-for-production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (Boolean(e.TURNSTILE_SITE_KEY) !== Boolean(e.TURNSTILE_SECRET_KEY)) {
    throw new ConfigError('Invalid environment configuration:\n  TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY: set both or neither');
  }
  // A key made up at start is known to this process only. That suffices while one process issues
  // and checks every challenge, as with embedded PGlite; with PostgreSQL several processes may
  // serve the shop behind a load balancer, so production needs the shared key.
  if (isProduction && e.DATABASE_URL && !e.TURNSTILE_SECRET_KEY && !e.ALTCHA_HMAC_KEY) {
    throw new ConfigError('Invalid environment configuration:\n  ALTCHA_HMAC_KEY: required in production with DATABASE_URL (or set the TURNSTILE_ keys)');
  }
  // A SearchID must mean the same to every API process and after a restart, so its key is fixed:
  // production sets its own (on embedded PGlite the catalogue may keep one in DATA_DIR instead);
  // elsewhere a development key serves.
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError('Invalid environment configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three or none');
  }
  const paypalKeys = [e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET, e.PAYPAL_WEBHOOK_ID];
  if (paypalKeys.some(Boolean) && !paypalKeys.every(Boolean)) {
    throw new ConfigError('Invalid environment configuration:\n  PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: set all three or none');
  }
  if (Boolean(e.HMRC_CLIENT_ID) !== Boolean(e.HMRC_CLIENT_SECRET)) {
    throw new ConfigError('Invalid environment configuration:\n  HMRC_CLIENT_ID, HMRC_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid environment configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  if (e.DATABASE_REPLICA_URLS && !e.DATABASE_URL) {
    throw new ConfigError('Invalid environment configuration:\n  DATABASE_REPLICA_URLS: replicas need DATABASE_URL (the primary); embedded PGlite has none');
  }
  if (isProduction && !e.SEARCH_ID_KEY && e.DATABASE_URL) {
    throw new ConfigError('Invalid environment configuration:\n  SEARCH_ID_KEY: required in production with DATABASE_URL');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    isProduction,
    devPages: e.DEV_PAGES === undefined ? !isProduction : e.DEV_PAGES === 'true',
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    clientDir: path.resolve(e.CLIENT_DIR),
    renderDir: path.resolve(e.RENDER_DIR ?? path.join(path.dirname(path.resolve(e.CLIENT_DIR)), 'server')),
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimits: {
      catalogue: e.RATE_LIMIT_CATALOGUE_MAX,
      signIn: e.RATE_LIMIT_SIGN_IN_MAX,
      passwordReset: e.RATE_LIMIT_PASSWORD_RESET_MAX,
      forms: e.RATE_LIMIT_FORMS_MAX,
    },
    catalogue: {
      searchIdKey: e.SEARCH_ID_KEY ?? (isProduction ? undefined : DEVELOPMENT_SEARCH_ID_KEY),
      cacheEntries: e.CATALOGUE_CACHE_ENTRIES,
      cacheBytes: Math.round(e.CATALOGUE_CACHE_MB * 1024 * 1024),
      cachePrefix: e.CATALOGUE_CACHE_PREFIX,
      stockVersionPollMs: e.STOCK_VERSION_POLL_MS,
    },
    trustProxy: e.TRUST_PROXY === 1,
    analytics: { ga4MeasurementId: e.GA4_MEASUREMENT_ID },
    flags: {
      'payments.paypal': e.FEATURE_PAYMENTS_PAYPAL,
      'payments.stripe': e.FEATURE_PAYMENTS_STRIPE,
      discountThresholds: e.FEATURE_DISCOUNT_THRESHOLDS,
      companyAccount: e.FEATURE_COMPANY_ACCOUNT,
      lowestPrice: e.FEATURE_LOWEST_PRICE,
    },
    flagsPollMs: e.FEATURE_FLAGS_POLL_MS,
    defaultCurrency: e.DEFAULT_CURRENCY,
    logLevel: e.LOG_LEVEL,
    webConcurrency: e.DATABASE_URL ? e.WEB_CONCURRENCY : 1,
    replicas: {
      urls: (e.DATABASE_REPLICA_URLS ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
      maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
    },
    metrics: {
      token: e.METRICS_TOKEN,
      allow: e.METRICS_ALLOW.split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    },
    vehicleLookup: e.DVLA_API_KEY
      ? { adapter: 'dvla', apiKey: e.DVLA_API_KEY, url: e.DVLA_API_URL ?? DVLA_DEFAULT_URL, timeoutMs: e.DVLA_TIMEOUT_MS }
      : { adapter: 'embedded' },
    mail: { from: e.MAIL_FROM, smtpUrl: e.SMTP_URL, timeoutMs: e.SMTP_TIMEOUT_MS },
    shopEmail: e.SHOP_EMAIL ?? (/<([^<>]+)>\s*$/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM).trim(),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    backInStockIntervalMs: e.BACK_IN_STOCK_INTERVAL_MS,
    botCheck:
      e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY
        ? {
            adapter: 'turnstile',
            siteKey: e.TURNSTILE_SITE_KEY,
            secretKey: e.TURNSTILE_SECRET_KEY,
            verifyUrl: e.TURNSTILE_VERIFY_URL ?? TURNSTILE_DEFAULT_URL,
            timeoutMs: e.TURNSTILE_TIMEOUT_MS,
          }
        : { adapter: 'altcha', hmacKey: e.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'), maxNumber: e.ALTCHA_MAX_NUMBER },
    checkout: {
      orderHoldMinutes: e.ORDER_HOLD_MINUTES,
      cartHoldMinutes: e.CART_HOLD_MINUTES,
      commissionBasisPoints: Object.fromEntries(
        (e.PAYMENT_COMMISSIONS ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => {
            const [type = '', percent = '0'] = pair.split('=');
            return [type, Math.round(Number(percent) * 100)];
          }),
      ),
      postcodeLookup: e.IDEAL_POSTCODES_API_KEY
        ? {
            adapter: 'ideal-postcodes',
            apiKey: e.IDEAL_POSTCODES_API_KEY,
            url: e.IDEAL_POSTCODES_API_URL ?? IDEAL_POSTCODES_DEFAULT_URL,
            timeoutMs: e.IDEAL_POSTCODES_TIMEOUT_MS,
          }
        : { adapter: 'embedded' },
    },
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              adapter: 'stripe',
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : undefined,
            }
          : { adapter: 'sandbox' },
      paypal:
        e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
          ? { adapter: 'paypal', clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, webhookId: e.PAYPAL_WEBHOOK_ID, environment: e.PAYPAL_ENVIRONMENT }
          : { adapter: 'sandbox' },
      // The sandbox takes no real money, so a known secret outside production is harmless; in
      // production the sandbox (no provider keys) signs with PAYMENT_SANDBOX_SECRET or a random one.
      sandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? (isProduction ? randomBytes(32).toString('hex') : DEVELOPMENT_SANDBOX_SECRET),
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
    },
    returnsWindowDays: e.RETURNS_WINDOW_DAYS,
    claimLabourCap: e.CLAIM_LABOUR_CAP,
    clockOffsetDays: e.CLOCK_OFFSET_DAYS,
    clockStepSeconds: e.CLOCK_STEP_SECONDS,
    vatLookup:
      e.HMRC_CLIENT_ID && e.HMRC_CLIENT_SECRET
        ? { adapter: 'hmrc', clientId: e.HMRC_CLIENT_ID, clientSecret: e.HMRC_CLIENT_SECRET, url: (e.HMRC_API_URL ?? HMRC_DEFAULT_URL).replace(/\/+$/, ''), timeoutMs: e.HMRC_TIMEOUT_MS }
        : { adapter: 'embedded' },
    push: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SHOP_EMAIL ?? (/<([^<>]+)>\s*$/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM).trim()}`,
      timeoutMs: e.PUSH_TIMEOUT_MS,
    },
    staff: { sessionIdleMinutes: e.STAFF_SESSION_IDLE_MINUTES, sessionAbsoluteHours: e.STAFF_SESSION_ABSOLUTE_HOURS, totpKey: e.STAFF_TOTP_KEY },
    refunds: { reconcileIntervalMs: e.REFUND_RECONCILE_INTERVAL_MS, reconcileAfterMs: e.REFUND_RECONCILE_AFTER_MINUTES * 60_000 },
    alerts: { intervalMs: e.ALERT_INTERVAL_MS, batchSize: e.ALERT_BATCH_SIZE, settleMs: e.ALERT_SETTLE_MS, tokenKey: e.ALERT_TOKEN_KEY },
    jobApplications: { retentionMonths: e.JOB_APPLICATION_RETENTION_MONTHS, intervalMs: e.JOB_APPLICATION_RETENTION_INTERVAL_MS },
    reviewInvitations: { intervalMs: e.REVIEW_INVITATION_INTERVAL_MS },
    shop: {
      name: e.SHOP_NAME,
      addressLines: e.SHOP_ADDRESS.split('|').map((line) => line.trim()).filter(Boolean),
      vatNumber: e.SHOP_VAT_NUMBER,
      companyNumber: e.SHOP_COMPANY_NUMBER,
    },
  };
}
