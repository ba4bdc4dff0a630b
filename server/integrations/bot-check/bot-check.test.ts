import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { botCheckTokens } from '../../db/schema';
import { testApp } from '../../test/app';
import { resetDatabase, testDatabase } from '../../test/database';
import { createAltchaBotCheck } from './altcha';
import type { BotCheck, BotCheckWidget } from './bot-check';
import { BotCheckUnavailableError, createTurnstileBotCheck } from './turnstile';
import { createUsedTokens } from './used-tokens-repository';

const HMAC_KEY = 'a-test-hmac-key-of-at-least-32-characters';
const from = { remoteIp: '203.0.113.7' };

async function usedTokens() {
  const { db } = await testDatabase();
  await resetDatabase(db);
  return createUsedTokens(db);
}

async function solve(widget: BotCheckWidget): Promise<{ challenge: unknown; solution: { counter: number; derivedKey: string } }> {
  if (widget.provider !== 'altcha') throw new Error('not an ALTCHA challenge');
  const challenge = widget.challenge as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

describe('ALTCHA bot check', () => {
  afterEach(() => vi.useRealTimers());

  async function altcha(hmacKey = HMAC_KEY): Promise<BotCheck> {
    return createAltchaBotCheck({ hmacKey, maxNumber: 20 }, await usedTokens());
  }

  it('issues a signed challenge for the part request action, expiring in about 10 minutes', async () => {
    const widget = await (await altcha()).challenge();

    expect(widget.provider).toBe('altcha');
    if (widget.provider !== 'altcha') return;
    expect(widget.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(widget.challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', data: { action: 'request_car_part' } });
    const inSeconds = (widget.challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(inSeconds).toBeGreaterThan(9 * 60);
    expect(inSeconds).toBeLessThanOrEqual(10 * 60);
  });

  it('accepts a solved challenge once', async () => {
    const check = await altcha();
    const token = encode(await solve(await check.challenge()));

    expect(await check.verify(token, from)).toBe(true);
    expect(await check.verify(token, from)).toBe(false);
  });

  it('refuses the same solution encoded differently after its first use', async () => {
    const check = await altcha();
    const payload = await solve(await check.challenge());

    expect(await check.verify(encode(payload), from)).toBe(true);
    expect(await check.verify(encode({ solution: payload.solution, challenge: payload.challenge }), from)).toBe(false);
  });

  it('refuses a made-up key, a tampered challenge, another HMAC key and garbage', async () => {
    const check = await altcha();
    const payload = await solve(await check.challenge());
    const { challenge } = payload as { challenge: { parameters: Record<string, unknown>; signature: string } };

    // The derived key is the proof of work; without the secret counter it cannot be had.
    expect(await check.verify(encode({ ...payload, solution: { counter: 0, derivedKey: '00'.repeat(32) } }), from)).toBe(false);
    const easier = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } };
    expect(await check.verify(encode({ ...payload, challenge: easier }), from)).toBe(false);
    expect(await (await altcha('another-hmac-key-of-at-least-32-characters')).verify(encode(payload), from)).toBe(false);
    for (const garbage of ['', 'not base64 at all', encode({}), encode({ challenge: 1, solution: 2 })]) {
      expect(await check.verify(garbage, from)).toBe(false);
    }
    // None of the refusals used the real answer up.
    expect(await check.verify(encode(payload), from)).toBe(true);
  });

  it('refuses a challenge solved after it expired', async () => {
    const check = await altcha();
    const token = encode(await solve(await check.challenge()));

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);

    expect(await check.verify(token, from)).toBe(false);
  });
});

/** A stand-in for Cloudflare's siteverify: answers what the test says, records what it was sent. */
async function fakeSiteverify(answer: (form: URLSearchParams) => object | 'hang'): Promise<{ url: string; received: URLSearchParams[] }> {
  const received: URLSearchParams[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const reply = answer(form);
      if (reply === 'hang') return;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`, received };
}

describe('Turnstile bot check', () => {
  async function turnstile(url: string, timeoutMs = 2000): Promise<BotCheck> {
    return createTurnstileBotCheck({ siteKey: '1x00000000000000000000AA', secretKey: 'secret-key', verifyUrl: url, timeoutMs }, await usedTokens());
  }

  it('tells the widget its site key and action', async () => {
    expect(await (await turnstile('http://127.0.0.1:9')).challenge()).toEqual({
      provider: 'turnstile',
      siteKey: '1x00000000000000000000AA',
      action: 'request_car_part',
    });
  });

  it('accepts a token siteverify confirms, sending secret, token and address; once', async () => {
    const fake = await fakeSiteverify(() => ({ success: true, action: 'request_car_part', hostname: 'localhost' }));
    const check = await turnstile(fake.url);

    expect(await check.verify('token-1', from)).toBe(true);
    expect(Object.fromEntries(fake.received[0] ?? [])).toEqual({ secret: 'secret-key', response: 'token-1', remoteip: '203.0.113.7' });
    expect(await check.verify('token-1', from)).toBe(false);
  });

  it('refuses a token siteverify refuses, or one for another action', async () => {
    const fake = await fakeSiteverify((form) =>
      form.get('response') === 'other-action'
        ? { success: true, action: 'login' }
        : { success: false, 'error-codes': ['invalid-input-response'] },
    );
    const check = await turnstile(fake.url);

    expect(await check.verify('forged', from)).toBe(false);
    expect(await check.verify('other-action', from)).toBe(false);
  });

  it('reports siteverify not answering in time as unavailable, not as a refusal', async () => {
    const fake = await fakeSiteverify(() => 'hang');
    const check = await turnstile(fake.url, 200);

    await expect(check.verify('token-2', from)).rejects.toBeInstanceOf(BotCheckUnavailableError);
  });
});

describe('used tokens', () => {
  it('lets exactly one of several concurrent claims win', async () => {
    const tokens = await usedTokens();
    const expiry = new Date(Date.now() + 60_000);

    const results = await Promise.all(Array.from({ length: 5 }, () => tokens.claim('same-token', expiry)));

    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('keeps only hashes, and forgets tokens past their expiry', async () => {
    const tokens = await usedTokens();
    const { db } = await testDatabase();
    await tokens.claim('old-token', new Date(Date.now() - 1000));

    await tokens.claim('new-token', new Date(Date.now() + 60_000));

    const rows = await db.select().from(botCheckTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('GET /web-api/bot-check/challenge.json', () => {
  it('answers a fresh ALTCHA challenge by default, uncached and without starting a session', async () => {
    const app = await testApp({ env: { ALTCHA_MAX_NUMBER: '20' } });

    const [first, second] = await Promise.all([1, 2].map(() => app.inject({ method: 'GET', url: '/web-api/bot-check/challenge.json' })));

    expect(first?.statusCode).toBe(200);
    expect(first?.json()).toMatchObject({ success: true, provider: 'altcha', challenge: { parameters: { algorithm: 'PBKDF2/SHA-256' } } });
    expect(first?.json().challenge.signature).not.toBe(second?.json().challenge.signature);
    expect(first?.headers['cache-control']).toBe('no-store');
    expect(first?.headers['set-cookie']).toBeUndefined();
  });

  it('names Turnstile and its site key when both Turnstile keys are configured', async () => {
    const app = await testApp({ env: { TURNSTILE_SITE_KEY: 'site-key', TURNSTILE_SECRET_KEY: 'secret-key' } });

    const response = await app.inject({ method: 'GET', url: '/web-api/bot-check/challenge.json' });

    expect(response.json()).toEqual({ success: true, provider: 'turnstile', siteKey: 'site-key', action: 'request_car_part' });
  });
});
