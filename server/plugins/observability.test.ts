import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test/database';
import { capturedLog, testApp } from '../test/app';
import { periodicRounds, roundsOf } from './periodic-rounds';

describe('request ids and the request log', () => {
  it('answers every request with its id, keeps a proxy’s well-formed id and replaces any other', async () => {
    const app = await testApp();
    const first = await app.inject({ method: 'GET', url: '/web-api/check' });
    const second = await app.inject({ method: 'GET', url: '/web-api/check' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const kept = await app.inject({ method: 'GET', url: '/web-api/check', headers: { 'x-request-id': 'lb-7f3a9c21e0' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21e0');
    const replaced = await app.inject({ method: 'GET', url: '/web-api/check', headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Refusals carry it too: a person reporting one can quote it.
    const missing = await app.inject({ method: 'GET', url: '/web-api/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per request with the route’s pattern, status and time, and no personal data', async () => {
    const { lines, logger } = capturedLog();
    const app = await testApp({ logger });
    const answer = await app.inject({ method: 'GET', url: '/web-api/orders/order-by-number.json?email=jo.bloggs%40example.co.uk&vrn=AB12CDE', remoteAddress: '198.51.100.23' });
    const id = answer.headers['x-request-id'];
    const line = lines.find((entry) => entry.reqId === id && entry.msg === 'request');
    expect(line).toMatchObject({ method: 'GET', status: answer.statusCode, ms: expect.any(Number) });
    expect(typeof line?.route).toBe('string');
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain('jo.bloggs');
    expect(everything).not.toContain('AB12CDE');
    expect(everything).not.toContain('198.51.100.23');
  });
});

describe('GET /metrics', () => {
  it('is readable from the allowed addresses or with the token, and a plain 404 to anyone else', async () => {
    const app = await testApp({ env: { METRICS_TOKEN: 'scrape-token-0123456789', METRICS_ALLOW: '127.0.0.1' } });
    await app.inject({ method: 'GET', url: '/web-api/check' });
    const local = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.body).toMatch(/shop_http_requests_total\{route="\/web-api\/check",method="GET",status="401"\} 1/);
    expect(local.body).toContain('shop_http_request_duration_seconds_bucket');
    expect(local.body).toContain('nodejs_eventloop_lag_seconds');
    expect(local.body).toContain('process_resident_memory_bytes');

    const outsider = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain('shop_');
    const wrongToken = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-token-0123456789x' } });
    expect(wrongToken.statusCode).toBe(404);
    const withToken = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-token-0123456789' } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('shop_http_requests_total');
  });

  it('counts the kept answers’ hits and misses and reads the alert queue’s depth', async () => {
    const app = await testApp();
    for (let read = 0; read < 3; read += 1) expect((await app.inject({ method: 'GET', url: '/web-api/products/makes.json' })).statusCode).toBe(200);
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain('shop_answer_cache_lookups_total{outcome="miss"} 1');
    expect(text).toContain('shop_answer_cache_lookups_total{outcome="hit"} 2');
    expect(text).toMatch(/shop_answer_cache_bytes [1-9]\d*/);
    expect(text).toContain('shop_queue_depth{queue="alerts"} 0');

    // A backlog past the count's cap (alerts' UNMATCHED_COUNTED, 10,000) reads as the cap: "at least
    // that many", at the cost of a short scan. Twice the cap, so a round matching a batch meanwhile changes nothing.
    const { db } = await testDatabase();
    await db.execute(sql`INSERT INTO stock_arrivals (part_id) SELECT 1 FROM generate_series(1, 20005)`);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toContain('shop_queue_depth{queue="alerts"} 10000');
  });

  it('counts each background round by name and outcome, with its last success', async () => {
    let fail = false;
    let rounds: { runRound(): Promise<object> } | undefined;
    const app = await testApp({
      extend: (shop) => {
        rounds = periodicRounds(shop, {
          name: 'test-round',
          intervalMs: 3_600_000,
          timeLimitMs: 60_000,
          worthLogging: () => false,
          round: async () => {
            if (fail) throw new Error('round failed');
            return {};
          },
        });
      },
    });
    await rounds?.runRound();
    await rounds?.runRound();
    fail = true;
    await expect(rounds?.runRound()).rejects.toThrow('round failed');
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain('shop_round_runs_total{round="test-round",outcome="ok"} 2');
    expect(text).toContain('shop_round_runs_total{round="test-round",outcome="failed"} 1');
    expect(text).toMatch(/shop_round_last_success_timestamp_seconds\{round="test-round"\} \d+/);
  });

  it('runs every background loop of the shop as a named round, the mail relay when there is SMTP', async () => {
    const app = await testApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    expect(roundsOf(app).map((round) => round.name).sort()).toEqual(
      [
        'back-in-stock round',
        'cart holds round',
        'expired sessions purge',
        'expired staff sessions purge',
        'feature flags refresh',
        'held parts release',
        'job applications past retention deleted',
        'mail relay round',
        'old failed sign-ins purge',
        'old failed staff sign-ins purge',
        'refunds reconciled',
        'review invitations mailed',
        'sandbox webhook delivery',
        'stock alerts round',
      ].sort(),
    );
    expect(roundsOf(app).every((round) => round.intervalMs >= 1000)).toBe(true);
    // Each with a time limit of its own, well short of a stuck hour.
    expect(roundsOf(app).every((round) => round.timeLimitMs >= 10_000 && round.timeLimitMs <= 5 * 60_000)).toBe(true);
  });

  it('reports a round still running at its time limit, tells it to stop, and starts the next only once it has', async () => {
    const { lines, logger } = capturedLog();
    let rounds: { runRound(): Promise<string> } | undefined;
    let release: () => void = () => undefined;
    const aborted: boolean[] = [];
    const app = await testApp({
      logger,
      extend: (shop) => {
        rounds = periodicRounds(shop, {
          name: 'slow-round',
          intervalMs: 3_600_000,
          timeLimitMs: 50,
          round: async (signal) => {
            await new Promise<void>((resolve) => {
              release = resolve;
              signal.addEventListener('abort', () => aborted.push(true));
            });
            return signal.aborted ? 'stopped early' : 'done';
          },
        });
      },
    });
    const first = rounds?.runRound();
    await expect.poll(() => aborted.length).toBe(1);
    let secondStarted = false;
    const second = rounds?.runRound().then((report) => {
      secondStarted = true;
      return report;
    });
    expect(lines.some((line) => line.msg === 'slow-round is still running at its time limit' && line.level === 50)).toBe(true);
    expect(secondStarted).toBe(false);
    release();
    await expect(first).resolves.toBe('stopped early');
    await expect.poll(() => aborted.length).toBe(2);
    release();
    await expect(second).resolves.toBe('stopped early');
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain('shop_round_overtime_total{round="slow-round"} 2');
  });
});
