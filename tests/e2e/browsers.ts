/**
 * The two Chromiums the journeys run in. Most run in the headless shell (Chromium's old headless
 * mode, which Playwright's own headless Chromium is): over the search, listing and part-page
 * journeys it took 43% less CPU than the full browser run headless (254 → 146 s; 3.5 → 2.6 min on
 * two workers). The journeys about the service worker (offline use, the outbox, installing,
 * updates, push) run in the full browser: the shell shows no notifications, and a cold start
 * offline, the pending list and a return queued offline did not come through in it.
 */
import { existsSync } from 'node:fs';
// The config imports this file too: it takes the launcher from Playwright itself, not the journeys' fixtures.
// eslint-disable-next-line no-restricted-imports
import { chromium, type LaunchOptions } from '@playwright/test';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

const playwrightsOwn = () => existsSync(chromium.executablePath());

/** The headless shell: Playwright's own Chromium when installed (its headless default), else Debian's shell, else Debian's full Chromium. */
export function headlessShell(): LaunchOptions {
  if (playwrightsOwn()) return { args: CHROMIUM_ARGS };
  for (const executablePath of ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']) {
    if (existsSync(executablePath)) return { executablePath, args: CHROMIUM_ARGS };
  }
  throw new Error('No Chromium found. Install one with `apt-get install -y chromium-headless-shell chromium` (or `npx playwright install chromium` where downloads are allowed).');
}

/** The full browser in headless mode: Playwright's own ('chromium' channel) when installed, else Debian's. */
export function fullChromium(): LaunchOptions {
  if (playwrightsOwn()) return { channel: 'chromium', args: CHROMIUM_ARGS };
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS };
  throw new Error('No full Chromium found. Install it with `apt-get install -y chromium`.');
}

/**
 * For a journey about the service worker: allowed (the config blocks it elsewhere), in the full
 * browser. `test.use(WITH_SERVICE_WORKER)`.
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow', launchOptions: fullChromium() } as const;
