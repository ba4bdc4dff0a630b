import { defineConfig } from 'vitest/config';

// Two projects: unit tests beside the code in src/, and API tests that boot the real app on a
// real database (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/eslint/*.test.ts', 'scripts/*.test.ts', 'tests/camera/*.test.ts'],
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
          // Ceilings for a hang, not measures: on a machine busy with other work a catalogue seeded
          // twice (6 s when quiet) took over 30 s (2026-11-28).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The fault suite (`npm run test:faults`, after `npm run build`): each file starts the
        // compiled shop and a private PostgreSQL cluster as processes and breaks them for real
        // (server/faults/support). Two files at a time: one alone left the two cores 56% idle while
        // it waited on restarts and kills (158 s, of which 138 s of CPU); two at once took 86 s
        // (2026-11-29). Each file has its own ports, clusters and databases (VITEST_POOL_ID).
        test: {
          name: 'faults',
          include: ['server/faults/**/*.fault.ts'],
          environment: 'node',
          // Its in-process files' databases are named apart from the API suite's (server/test/database.ts).
          env: { TEST_DATABASE_PREFIX: 'faults' },
          pool: 'forks',
          maxWorkers: 2,
          // Generous: a slow start under load must fail on what it finds, not on a timer.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
