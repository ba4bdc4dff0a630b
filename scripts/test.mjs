// `npm test`: every check CI runs, with the time each one took (CI has a 20-minute budget on a
// 2-core machine; the times show where it goes). The first failure stops the whole run.
//
// After the build, two lanes run side by side:
// - the journeys (Playwright), the longest step, whose output streams as it comes;
// - everything else one after another, its output printed whole when each step ends.
// Why side by side: the journeys leave about a quarter of the two cores idle while browsers wait on
// the server, timers and the network (measured 2026-11-28 from /proc/stat during the journeys), and
// the checks fill it; one after the other the run took some 25 minutes.
//
// Within the checks lane the API suite runs on embedded PGlite and on PostgreSQL at the same time
// (`test:api` + `test:api:pg`). test:faults runs the compiled server (dist/node/main.js) and starts
// its own PostgreSQL clusters and redis-servers on free ports, so it runs beside the journeys; the
// shop logs synchronously (server/main.ts), so a loaded machine no longer loses its last log line.
import { spawn } from 'node:child_process';

const checks = ['typecheck', 'lint', 'lint:openapi', 'cpd', 'test:unit', ['test:api', 'test:api:pg'], 'size', 'test:faults'];
// The checks that time nothing run at a lower priority (nice 10) than the journeys: Chromium runs
// some of its page processes at nice 5, and beside checks at the same priority as everything else
// the journeys took half as long again (2026-11-28: 127 of 183 journeys in 18.5 minutes, against
// 17 minutes for all of them alone). The fault suite keeps the normal priority: it asserts how soon
// the shop answers after a fault.
const LOWER_PRIORITY = new Set(['typecheck', 'lint', 'lint:openapi', 'cpd', 'test:unit', 'test:api', 'test:api:pg', 'size']);
const journeys = ['test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];
const started = Date.now();
const running = new Set();
let failedStep;

/** Runs one npm script in its own process group; `buffered` keeps its output until it ends. */
function run(step, buffered) {
  return new Promise((resolve) => {
    const stepStarted = Date.now();
    const lower = LOWER_PRIORITY.has(step) && process.platform !== 'win32';
    // `nice` execs npm, so the step's processes inherit the priority from their start.
    const [command, args] = lower ? ['nice', ['-n', '10', npm, 'run', '--silent', step]] : [npm, ['run', '--silent', step]];
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: process.platform !== 'win32' });
    running.add(child);
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - stepStarted) / 1000);
      if (buffered) {
        console.warn(`\n== output of npm run ${step}`);
        process.stderr.write(Buffer.concat(output));
      }
      // A step ended by the stop below did not fail on its own: say so, not 'FAILED'.
      const stopped = failedStep !== undefined && code !== 0;
      console.warn(`== ${step}: ${code === 0 ? 'passed' : stopped ? 'stopped' : 'FAILED'} in ${seconds} s`);
      times.push(`${step} ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

/** Ends every step still running (with the processes each started), once one has failed. */
function stopOthers() {
  for (const child of running) {
    try {
      if (process.platform === 'win32') child.kill();
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** Runs a lane's steps in order (an array is a group run side by side); false once a step failed. */
async function lane(steps, buffered) {
  for (const step of steps) {
    if (failedStep !== undefined) return false;
    const group = Array.isArray(step) ? step : [step];
    const groupStarted = Date.now();
    if (!buffered) console.warn(`\n== npm run ${group.join(' + npm run ')}`);
    const codes = await Promise.all(group.map((each) => run(each, buffered || group.length > 1)));
    if (group.length > 1) console.warn(`== ${group.join(' + ')} side by side: ${Math.round((Date.now() - groupStarted) / 1000)} s`);
    if (codes.some((code) => code !== 0)) {
      if (failedStep === undefined) {
        failedStep = group.join(' + ');
        stopOthers();
      }
      return false;
    }
  }
  return true;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    failedStep ??= signal;
    stopOthers();
  });
}

// The build first: the journeys, the size check and the fault suite all use dist/.
if (await lane(['build'], false)) {
  console.warn(`\n== side by side: npm run ${journeys.join(', ')} | npm run ${checks.map((step) => [step].flat().join(' + ')).join(', ')} (output when each ends)`);
  await Promise.all([lane(journeys, false), lane(checks, true)]);
}
if (failedStep !== undefined) {
  console.warn(`\nnpm test stopped at ${failedStep} (${times.join(', ')})`);
  process.exit(1);
}
console.warn(`\nnpm test passed in ${Math.round((Date.now() - started) / 1000)} s: ${times.join(', ')}`);
