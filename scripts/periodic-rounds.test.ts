// Every background loop of the server runs on server/plugins/periodic-rounds.ts (issue 26): one
// round at a time, stopped and awaited by app.close(), counted in /metrics by its name. So no other
// file under server/ (tests, the fault suite and the test helpers aside) calls setInterval, but
// the few listed here, each with why.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

const OWN_TIMERS: Record<string, string> = {
  'server/plugins/periodic-rounds.ts': 'the round runner itself',
  'server/db/replicas.ts': "the replicas' health check: made with the database handle, before and outside any app",
  'server/main.ts': "the stop's keep-alive: holds the process up until the stop has logged and exited, never work",
  'server/modules/catalogue/answer-cache.ts': "the stock version a kept answer is checked against: a cache's freshness, read before each answer, not work",
};

function serverFiles(): string[] {
  return readdirSync(path.join(root, 'server'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('server/faults/') && !file.startsWith('server/test/'));
}

describe('background loops', () => {
  it('run on the periodic rounds, but the few listed with their reason', () => {
    const withTimer = serverFiles().filter((file) => /\bsetInterval\s*\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(withTimer.sort()).toEqual(Object.keys(OWN_TIMERS).sort());
  });
});
