/**
 * The text the TOTP secrets' key is made from: STAFF_TOTP_KEY; else the SearchID key (set in
 * production with PostgreSQL, a development constant outside production); else, on embedded PGlite
 * in production, a random key made once and kept in DATA_DIR/staff-totp.key beside the data.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../../config';

export function totpKeyOf(config: Pick<Config, 'staff' | 'catalogue' | 'dataDir'>): string {
  const configured = config.staff.totpKey ?? config.catalogue.searchIdKey;
  if (configured) return configured;
  const file = path.join(config.dataDir, 'staff-totp.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    // None yet: made below.
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    // Made meanwhile by another start on the same data: that one is the key.
    return readFileSync(file, 'utf8').trim();
  }
}
