import { defineConfig } from 'vitest/config';

// Two projects: unit tests beside the code in src/, and API tests that boot the real app on a
// real database (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/eslint/*.test.ts'],
          environment: 'node',
          env: { TZ: 'America/New_York' },
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // Every file boots the same app: without isolation a worker imports it once for all
          // files instead of once per file (measured: 203 s → about 100 s for the suite). Each
          // test still builds its own app and database state; nothing is shared through modules.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
