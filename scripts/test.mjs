// `npm test`: every check CI runs, stopping at the first that fails, with the time each one took
// (CI has a 20-minute budget on a 2-core machine; the times show where it goes).
//
// The API suite runs on embedded PGlite and on PostgreSQL at the same time: each vitest process
// runs its files one after another (one worker on two cores), so side by side they use both
// cores. Output of steps run side by side is printed whole when each finishes, not interleaved.
import { spawn } from 'node:child_process';

// test:faults runs the compiled server (dist/node/main.js), so it comes after build. It runs on its
// own: tried beside the two API suites (2026-11-28), a shop it stopped lost its last log line to a
// pipe the loaded machine read too slowly, and its database names had to be kept apart.
//
// The journeys run last and alone. Tried beside the other checks (2026-11-28, session 13, quiet
// machine, the checks at nice 10 or at the same priority): the two cores were busy 97% of the time
// either way, and the journeys slowed by more than the checks' own time (127 of 183 journeys in 18.5
// minutes, against all of them in about 17 minutes alone in the runs before), so the run took longer
// than one step after another.
const steps = ['typecheck', 'lint', 'lint:openapi', 'cpd', 'test:unit', ['test:api', 'test:api:pg'], 'build', 'size', 'test:faults', 'test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];
const started = Date.now();

/** Runs one npm script; `buffered` keeps its output until it ends. */
function run(step, buffered) {
  return new Promise((resolve) => {
    const stepStarted = Date.now();
    const child = spawn(npm, ['run', '--silent', step], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - stepStarted) / 1000);
      if (buffered) {
        console.warn(`\n== output of npm run ${step}`);
        process.stderr.write(Buffer.concat(output));
      }
      console.warn(`== ${step}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      times.push(`${step} ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

for (const step of steps) {
  const group = Array.isArray(step) ? step : [step];
  const groupStarted = Date.now();
  console.warn(`\n== npm run ${group.join(' + npm run ')}`);
  const codes = await Promise.all(group.map((each) => run(each, group.length > 1)));
  if (group.length > 1) console.warn(`== ${group.join(' + ')} side by side: ${Math.round((Date.now() - groupStarted) / 1000)} s`);
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    console.warn(`\nnpm test stopped at ${group.join(' + ')} (${times.join(', ')})`);
    process.exit(failed);
  }
}
console.warn(`\nnpm test passed in ${Math.round((Date.now() - started) / 1000)} s: ${times.join(', ')}`);
