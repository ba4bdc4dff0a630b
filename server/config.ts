/**
 * Configuration from environment variables, checked with zod once at start so a typo fails the
 * start instead of the first request that needs the value.
 */
import path from 'node:path';
import { z } from 'zod';
import type { FeatureFlags } from '../src/contract/app-props';

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
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL')),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(720),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  TRUST_PROXY: flag('0'),
  FEATURE_PAYMENTS_PAYPAL: flag('1'),
  FEATURE_PAYMENTS_STRIPE: flag('1'),
  FEATURE_DISCOUNT_THRESHOLDS: flag('1'),
  FEATURE_COMPANY_ACCOUNT: flag('1'),
  FEATURE_LOWEST_PRICE: flag('1'),
  DEFAULT_CURRENCY: z.enum(['GBP', 'PLN']).default('GBP'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  isProduction: boolean;
  /** A postgres:// URL, or undefined for the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Shared rate-limit counters; undefined keeps them in this process's memory. */
  redisUrl: string | undefined;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Absolute path of the built client (index.html, assets/, sw.js). */
  clientDir: string;
  /** Requests per minute per IP address. */
  rateLimitMax: number;
  /** Behind a load balancer the client's address comes from X-Forwarded-For. */
  trustProxy: boolean;
  flags: FeatureFlags;
  defaultCurrency: 'GBP' | 'PLN';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    isProduction: e.NODE_ENV === 'production',
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    clientDir: path.resolve(e.CLIENT_DIR),
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY === 1,
    flags: {
      'payments.paypal': e.FEATURE_PAYMENTS_PAYPAL,
      'payments.stripe': e.FEATURE_PAYMENTS_STRIPE,
      discountThresholds: e.FEATURE_DISCOUNT_THRESHOLDS,
      companyAccount: e.FEATURE_COMPANY_ACCOUNT,
      lowestPrice: e.FEATURE_LOWEST_PRICE,
    },
    defaultCurrency: e.DEFAULT_CURRENCY,
    logLevel: e.LOG_LEVEL,
  };
}
