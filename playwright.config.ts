import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headlessShell } from './tests/e2e/browsers';
import { E2E_OWNER } from './tests/e2e/e2e-staff';

// One temporary embedded database per run; the env var carries it to the workers.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const port = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://localhost:${port}`;
// On PostgreSQL when there is one (CI's TEST_DATABASE_URL): a database of this run's own, made
// afresh by scripts/e2e-database.mjs; otherwise on embedded PGlite in E2E_DATA_DIR.
const databaseUrl = process.env.TEST_DATABASE_URL ? `${process.env.TEST_DATABASE_URL}_e2e${port}` : '';

export default defineConfig({
  testDir: 'tests/e2e',
  // Removes the seeded demo shop the journeys' own shops start from (tests/e2e/own-shop.ts).
  globalTeardown: './tests/e2e/global-teardown.ts',
  // Playwright empties its output folder when a run starts: one per port, so two runs on one
  // machine (each on its own E2E_PORT) do not delete each other's traces.
  outputDir: `test-results/port-${port}`,
  fullyParallel: false,
  // Two browsers at once: each journey buys parts no other journey reads, and the server answers
  // both while either waits on the other's network and timers.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // A journey through several screens with axe checks takes 10-20 s; beside a second browser on a
  // busy 2-core machine one took just over 30 s (the back office's staff journey).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // Recording a trace costs the browsers about a quarter more CPU (search and listing journeys,
    // 2026-11-28: 31 s of CPU without, 39 s with), so CI records one only when a journey is retried
    // after a failure; a developer's run keeps the trace of any journey that fails.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The service worker installs its precache (some 170 files) in every new browser: journeys
    // that are not about it run without it (measured: a fifth less time). The journeys about the
    // worker, offline use, the outbox, installing, updates and push allow it
    // (test.use({ serviceWorkers: 'allow' })), and offline.spec checks that pages answered through
    // it are the server's render.
    serviceWorkers: 'block',
    // Chromium's headless shell; the journeys about the service worker use the full browser
    // (tests/e2e/browsers.ts).
    launchOptions: headlessShell(),
  },
  projects: [
    // The storefront is made for a phone in a workshop: every storefront journey runs at 390 px
    // (but wide-screens.spec.ts, which is about 1280 px).
    // At 1280 px run the back office (used at a desk, issue 19; the specs about its fit at 390 px
    // set that width themselves) and the storefront journeys tagged @wide: those about what a wide
    // screen draws differently (the home's and results' search tabs, the listing's filter column,
    // the part page's section tabs and share menu, the account's sidebar) and wide-screens.spec.ts,
    // which opens every other storefront screen at 1280 px with axe and checks that nothing is
    // wider than the window. The rest did the same steps twice over the same code (issue 26: 400 s
    // of the journeys' 1,350 s of worker time, 2026-11-29).
    { name: 'phone', testIgnore: /(admin-[\w-]+|wide-screens)\.spec\.ts$/, use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' } },
    {
      name: 'desktop',
      // The grep title starts with the spec's file name, so the back office's files match whole.
      grep: [/@wide/, /admin-[\w-]+\.spec\.ts/],
      grepInvert: /@phone/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The production build served by the compiled server (`npm run build` first) on a fresh
    // embedded database, with the back office's first owner made by the shop's own command first
    // (on a database kept from an earlier run it exists already, and the command says so).
    command: `node scripts/e2e-database.mjs '${databaseUrl}' && node dist/node/admin-create.js --email ${E2E_OWNER.email} --name "${E2E_OWNER.name}" --password "${E2E_OWNER.password}" > /dev/null 2>&1; node dist/node/main.js`,
    url: `${baseURL}/web-api/check`,
    // A ceiling, not a measure: on a loaded machine migrating and seeding a fresh database took over 2 min.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      // The mail outbox page, so journeys can read the e-mails the shop sent.
      DEV_PAGES: 'true',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: databaseUrl,
      // Production on PostgreSQL asks for the keys every process must share.
      ...(databaseUrl ? { SEARCH_ID_KEY: 'e2e-search-id-key-'.repeat(3), ALTCHA_HMAC_KEY: 'e2e-altcha-hmac-key-'.repeat(3) } : {}),
      // Every journey's browser comes from one address: the per-address limits (sign-in,
      // registration and the password calls: 5 or 10 a minute) are for people, not for two
      // browsers registering and signing in members all run long. The API tests check the limits.
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_CATALOGUE_MAX: '100000',
      RATE_LIMIT_SIGN_IN_MAX: '100000',
      RATE_LIMIT_PASSWORD_RESET_MAX: '100000',
      RATE_LIMIT_FORMS_MAX: '100000',
      LOG_LEVEL: 'warn',
      // No cart holds here (issue 32): journeys at both widths put the same part in their carts.
      // The cart-hold journey runs on a shop of its own with a 1-minute hold (tests/e2e/hold-shop.ts).
      CART_HOLD_MINUTES: '0',
    },
  },
});
