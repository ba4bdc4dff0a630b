/**
 * The VAPID key pair (RFC 8292) that identifies the shop to push services: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when configured (several API processes must share one pair: a browser's
 * subscription is bound to the public key), else a pair made once and kept in DATA_DIR/vapid.json,
 * as the embedded database keeps its data there.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function vapidKeysOf(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  } catch {
    // None yet: made below.
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    // Made meanwhile by another start on the same data: that one is the pair.
    return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  }
}
