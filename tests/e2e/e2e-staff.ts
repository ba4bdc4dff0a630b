/**
 * The back office's first owner in end-to-end runs: playwright.config.ts creates it with the
 * shop's own command (dist/node/admin-create.js) on the run's fresh database before the server
 * starts (the embedded database has one process at a time), and admin-steps.ts signs in with it.
 */
export const E2E_OWNER = { email: 'owner@e2e.example', name: 'Olive Owner', password: 'e2e owner password 1' } as const;
