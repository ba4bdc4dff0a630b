// Lint: typescript-eslint, react-hooks, and the import boundaries of docs/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './scripts/eslint/boundaries.js';
import { importCycles } from './scripts/eslint/import-cycles.js';
import { messageParts } from './scripts/eslint/message-parts.js';
import { moduleDirection } from './scripts/eslint/module-direction.js';
import { serverModules } from './scripts/eslint/server-modules.js';
import { sqlInRepositories } from './scripts/eslint/sql-in-repositories.js';


export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/route-tree.gen.ts', 'src/admin/route-tree.gen.ts', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { local: { rules: { boundaries, 'import-cycles': importCycles, 'server-modules': serverModules, 'sql-in-repositories': sqlInRepositories, 'module-direction': moduleDirection } } },
    rules: { 'local/boundaries': 'error', 'local/import-cycles': 'error' },
  },
  {
    // Server modules meet only through their index.ts, plugins import no module, and SQL stays in
    // repositories, the storefront never imports the back office and no index.ts hands out a
    // repository (each rule's header comment gives its exact scope).
    files: ['server/**/*.ts'],
    rules: { 'local/server-modules': 'error', 'local/sql-in-repositories': 'error', 'local/module-direction': 'error' },
  },
  {
    // Browser code loads the second part of the message catalogue where it uses it (the server
    // loads it once, in app.ts).
    files: ['src/**/*.{ts,tsx}'],
    // Tests compare keys or load the module under test, which imports what it names.
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { messages: { rules: { parts: messageParts } } },
    rules: { 'messages/parts': 'error' },
  },
  {
    // End-to-end specs take `test` from the fixture, which fails a test on a hydration mismatch.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', message: "Import test and expect from './fixtures' (a hydration mismatch fails the test)." }] }],
    },
  },
);
