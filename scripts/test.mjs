// `npm test`: every check CI runs, one after another, stopping at the first that fails, with the
// time each one took (CI has a 20-minute budget on a 2-core machine; the times show where it goes).
import { spawnSync } from 'node:child_process';

const steps = ['typecheck', 'lint', 'test:unit', 'test:api', 'test:api:pg', 'build', 'size', 'test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];
const started = Date.now();

for (const step of steps) {
  console.warn(`\n== npm run ${step}`);
  const stepStarted = Date.now();
  const run = spawnSync(npm, ['run', '--silent', step], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - stepStarted) / 1000);
  times.push(`${step} ${seconds} s`);
  console.warn(`== ${step}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (run.status !== 0) {
    console.warn(`\nnpm test stopped at ${step} (${times.join(', ')})`);
    process.exit(run.status ?? 1);
  }
}
console.warn(`\nnpm test passed in ${Math.round((Date.now() - started) / 1000)} s: ${times.join(', ')}`);
