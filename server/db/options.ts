import path from 'node:path';
import type { Config } from '../config';
import type { DatabaseOptions } from './client';

/** Where the configured database lives: the PostgreSQL URL, else PGlite under DATA_DIR. */
export function databaseOptions(config: Config): DatabaseOptions {
  return config.databaseUrl ? { url: config.databaseUrl, connectTimeoutMs: config.databaseConnectTimeoutMs } : { pgliteDir: path.join(config.dataDir, 'pglite') };
}
