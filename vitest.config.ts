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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
