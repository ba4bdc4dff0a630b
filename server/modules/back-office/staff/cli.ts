/**
 * `npm run admin:create -- --email owner@example.com [--name "Ann Owner"] [--password …]`: migrates
 * the configured database (DATABASE_URL, else PGlite under DATA_DIR) and creates the back office's
 * first owner. Without --password a random one is made and printed once. Exit status 2 for bad
 * options or an email already used.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../config';
import { openDatabase } from '../../../db/client';
import { migrateDatabase } from '../../../db/migrate';
import { databaseOptions } from '../../../db/options';
import { createOwner, ownerInputProblem } from './command';

let values: { email?: string | undefined; name?: string | undefined; password?: string | undefined };
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } } }));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email owner@example.com [--name "Ann Owner"] [--password …]');
  process.exit(2);
}
const problem = ownerInputProblem({ email: values.email, password: values.password });
if (problem) {
  console.error(`Not created: ${problem}.`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
try {
  await migrateDatabase(database);
  const result = await createOwner(database.db, { email: values.email, name: values.name, password: values.password });
  if (!result.ok) {
    console.error(`Not created: ${result.problem}.`);
    process.exitCode = 2;
  } else {
    console.warn(`Created the owner ${result.email} (staff id ${result.id}).`);
    if (result.generated) console.warn(`Their password, shown this once: ${result.password}`);
    console.warn(
      `Next: sign in to the back office at ${config.publicUrl}/admin with this email and password. The first sign-in shows a secret (and its otpauth:// link) to add to an authenticator app once; ` +
        'enter the code it shows to finish, and keep the 10 recovery codes it answers somewhere safe.',
    );
  }
} finally {
  await database.close();
}
