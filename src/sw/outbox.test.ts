import { describe, expect, it } from 'vitest';
import type { NewOutboxItem } from '../contract/outbox';
import { CSRF_RENEWALS, OUTBOX_ATTEMPTS_PER_RUN, OUTBOX_KEEP_MS, type OutboxItem } from '../domain/outbox';
import { createOutbox, OutboxRefusal, type Answer } from './outbox';
import type { OutboxStore } from './outbox-store';

function memoryStore(): OutboxStore & { items: Map<string, OutboxItem> } {
  const items = new Map<string, OutboxItem>();
  let seq = 0;
  let csrf: string | undefined;
  return {
    items,
    all: async () => [...items.values()].map((item) => structuredClone(item)),
    get: async (id) => (items.has(id) ? structuredClone(items.get(id)) : undefined),
    put: async (item) => void items.set(item.id, structuredClone(item)),
    remove: async (id) => void items.delete(id),
    nextSeq: async () => ++seq,
    token: async () => csrf,
    setToken: async (token) => void (csrf = token),
  };
}

interface Sent {
  id: string;
  token: string | undefined;
  body: Record<string, unknown>;
}

/** An outbox on a fake network: `answers` decides each attempt's answer, in turn. */
function harness(answer: (item: OutboxItem, attempt: number, token: string | undefined) => Answer, options: { online?: () => boolean; renew?: () => string | undefined } = {}) {
  const store = memoryStore();
  const sent: Sent[] = [];
  const slept: number[] = [];
  let clock = Date.parse('2026-03-02T09:00:00Z');
  const outbox = createOutbox({
    store,
    send: async (item, token) => {
      sent.push({ id: item.id, token, body: item.body });
      return answer(item, sent.length, token);
    },
    renewToken: async () => (options.renew ? options.renew() : 'fresh-token'),
    online: options.online ?? (() => true),
    now: () => clock,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
    changed: () => undefined,
  });
  return {
    outbox,
    store,
    sent,
    slept,
    advance: (ms: number) => (clock += ms),
    states: async () => (await outbox.list()).map((item) => [item.id, item.state] as const),
  };
}

const ok = (msg = 'Thank you. Your reference is PR-000001.'): Answer => ({ status: 200, json: { success: true, msg } });
const item = (id: string, kind: NewOutboxItem['kind'] = 'account-part-request', body: Record<string, unknown> = { car_reg: id.toUpperCase(), part_name_manually: 'DOOR' }): NewOutboxItem => ({
  id,
  kind,
  label: `Part request ${id}`,
  body,
});

describe('the outbox', () => {
  it('sends the queued items in the order made, each once, with its key and the token, and keeps them as sent until a page has shown them', async () => {
    const { outbox, sent, states } = harness(() => ok());
    await outbox.add(item('key-0001'), 'token-1');
    await outbox.add(item('key-0002'), 'token-1');
    await outbox.add(item('key-0001'), 'token-1');

    expect(await outbox.replay()).toEqual({ remaining: 0 });

    expect(sent.map((each) => [each.id, each.token])).toEqual([
      ['key-0001', 'token-1'],
      ['key-0002', 'token-1'],
    ]);
    expect(await states()).toEqual([
      ['key-0001', 'sent'],
      ['key-0002', 'sent'],
    ]);
    expect((await outbox.list())[0]?.message).toBe('Thank you. Your reference is PR-000001.');
    await outbox.seen(['key-0001', 'key-0002']);
    expect(await outbox.list()).toEqual([]);
  });

  it('tries an item again after a 5xx or a network error, waiting longer each time, and never lets a later one overtake it', async () => {
    const answers: Answer[] = [{ status: 503, json: { success: false, msg: 'Busy' } }, { status: 0, json: undefined }, ok(), ok()];
    const { outbox, sent, slept, states } = harness(() => answers.shift() ?? ok());
    await outbox.add(item('key-0001'), 'token');
    await outbox.add(item('key-0002'), 'token');

    await outbox.replay();

    expect(sent.map((each) => each.id)).toEqual(['key-0001', 'key-0001', 'key-0001', 'key-0002']);
    expect(slept).toEqual([100, 200]);
    expect(await states()).toEqual([
      ['key-0001', 'sent'],
      ['key-0002', 'sent'],
    ]);
  });

  it('stops a run after a few failures in a row, keeping the item queued with the reason, and sends it on the next trigger', async () => {
    let failing = true;
    const { outbox, sent, states } = harness(() => (failing ? { status: 502, json: undefined } : ok()));
    await outbox.add(item('key-0001'), 'token');

    const result = await outbox.replay();
    expect(result.remaining).toBe(1);
    expect(sent).toHaveLength(OUTBOX_ATTEMPTS_PER_RUN);
    expect((await outbox.list())[0]).toMatchObject({ state: 'queued', attempts: OUTBOX_ATTEMPTS_PER_RUN, reason: 'The shop could not take it just now (502).' });

    failing = false;
    expect(await outbox.replay()).toEqual({ remaining: 0 });
    expect(await states()).toEqual([['key-0001', 'sent']]);
  });

  it('stops at once on a network error while the browser is offline', async () => {
    const { outbox, sent } = harness(() => ({ status: 0, json: undefined }), { online: () => false });
    await outbox.add(item('key-0001'), 'token');
    expect((await outbox.replay()).remaining).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('renews again when the token fetched belongs to a session the browser did not keep (two sessions started at once)', async () => {
    // The renewal's session lost the cookie race: its token is refused once, the next renewal reads the kept session's.
    const tokens = ['token-of-a-lost-session', 'token-of-the-kept-session'];
    const { outbox, sent, states } = harness((_, __, token) => (token === 'token-of-the-kept-session' ? ok() : { status: 403, json: { success: false, msg: 'Your session has expired.' } }), { renew: () => tokens.shift() });
    await outbox.add(item('key-0001'), 'stale-token');
    await outbox.replay();
    expect(sent.map((each) => each.token)).toEqual(['stale-token', 'token-of-a-lost-session', 'token-of-the-kept-session']);
    expect(await states()).toEqual([['key-0001', 'sent']]);
  });

  it('renews a stale CSRF token and sends again; a 403 after every renewal marks the item failed with the reason', async () => {
    const first = harness((_, __, token) => (token === 'fresh-token' ? ok() : { status: 403, json: { success: false, msg: 'Your session has expired.' } }));
    await first.outbox.add(item('key-0001'), 'stale-token');
    await first.outbox.replay();
    expect(first.sent.map((each) => each.token)).toEqual(['stale-token', 'fresh-token']);
    expect(await first.states()).toEqual([['key-0001', 'sent']]);
    // The fresh token is kept for the next item.
    expect(await first.store.token()).toBe('fresh-token');

    const second = harness(() => ({ status: 403, json: { success: false, msg: 'Forbidden.' } }));
    await second.outbox.add(item('key-0001'), 'stale-token');
    await second.outbox.replay();
    expect(second.sent).toHaveLength(1 + CSRF_RENEWALS);
    expect((await second.outbox.list())[0]).toMatchObject({ state: 'failed', reason: 'Forbidden.' });
  });

  it('keeps an item whose session ended for the member to sign in, then sends it', async () => {
    let signedIn = false;
    const { outbox, sent, states } = harness(() => (signedIn ? ok() : { status: 401, json: { success: false, msg: 'Please sign in.' } }));
    await outbox.add(item('key-0001'), 'token');
    await outbox.add(item('key-0002'), 'token');
    await outbox.replay();
    expect(await states()).toEqual([
      ['key-0001', 'needs-sign-in'],
      ['key-0002', 'needs-sign-in'],
    ]);

    signedIn = true;
    await outbox.signedIn('new-token');
    await outbox.replay();
    expect(sent.slice(-2).map((each) => [each.id, each.token])).toEqual([
      ['key-0001', 'new-token'],
      ['key-0002', 'new-token'],
    ]);
    expect(await states()).toEqual([
      ['key-0001', 'sent'],
      ['key-0002', 'sent'],
    ]);
  });

  it('holds a shop part request without a bot-check answer until one is solved, letting later items go', async () => {
    const { outbox, sent, states } = harness(() => ok());
    await outbox.add(item('key-0001', 'part-request', { name: 'Sam Carter', 'cf-token': '' }), 'token');
    await outbox.add(item('key-0002'), 'token');
    await outbox.replay();
    expect(sent.map((each) => each.id)).toEqual(['key-0002']);
    expect(await states()).toEqual([
      ['key-0001', 'needs-bot-check'],
      ['key-0002', 'sent'],
    ]);

    await outbox.solve('key-0001', 'altcha-payload', 'token');
    await outbox.replay();
    expect(sent.at(-1)).toEqual({ id: 'key-0001', token: 'token', body: { name: 'Sam Carter', 'cf-token': 'altcha-payload' } });
  });

  it('asks for a new bot check when the server refuses the answer', async () => {
    const { outbox, states } = harness(() => ({ status: 422, json: { success: false, msg: 'Please check the form.', errors: { 'cf-token': ['The security check failed.'] } } }));
    await outbox.add(item('key-0001', 'part-request', { name: 'Sam Carter', 'cf-token': 'expired' }), 'token');
    await outbox.replay();
    expect(await states()).toEqual([['key-0001', 'needs-bot-check']]);
    expect((await outbox.list())[0]).toMatchObject({ reason: 'The security check failed.', body: { 'cf-token': '' } });
  });

  it('keeps a 422 as needs-attention with the field errors; corrected, it is sent with the same key', async () => {
    const { outbox, sent, states } = harness((each) =>
      each.body.car_reg === 'AB12CDE' ? ok() : { status: 422, json: { success: false, msg: 'Please check the form.', errors: { car_reg: ['Enter a registration.'] } } },
    );
    await outbox.add(item('key-0001', 'account-part-request', { car_reg: '??', part_name_manually: 'DOOR' }), 'token');
    await outbox.replay();
    expect((await outbox.list())[0]).toMatchObject({ state: 'needs-attention', errors: { car_reg: ['Enter a registration.'] } });

    await outbox.resend('key-0001', { car_reg: 'AB12CDE' }, 'token');
    await outbox.replay();
    expect(sent.at(-1)).toMatchObject({ id: 'key-0001', body: { car_reg: 'AB12CDE', part_name_manually: 'DOOR' } });
    expect(await states()).toEqual([['key-0001', 'sent']]);
  });

  it('marks another refusal failed with the server’s reason, and sends it again when asked', async () => {
    let refuse = true;
    const { outbox, states } = harness(() => (refuse ? { status: 404, json: { success: false, msg: 'That product no longer exists.' } } : ok()));
    await outbox.add(item('key-0001', 'notification', { product_id: 'P0012001' }), 'token');
    await outbox.replay();
    expect((await outbox.list())[0]).toMatchObject({ state: 'failed', reason: 'That product no longer exists.' });
    refuse = false;
    await outbox.resend('key-0001', undefined, 'token');
    await outbox.replay();
    expect(await states()).toEqual([['key-0001', 'sent']]);
  });

  it('marks an item not sent within 7 days failed instead of dropping it', async () => {
    const { outbox, sent, advance } = harness(() => ok());
    await outbox.add(item('key-0001'), 'token');
    advance(OUTBOX_KEEP_MS + 1);
    await outbox.replay();
    expect(sent).toEqual([]);
    expect((await outbox.list())[0]).toMatchObject({ state: 'failed', reason: 'Not sent within 7 days. Send it again or cancel it.' });
  });

  it('cancels a waiting item, but not the one on its way', async () => {
    let release: (answer: Answer) => void = () => undefined;
    const store = memoryStore();
    const outbox = createOutbox({
      store,
      send: () => new Promise<Answer>((resolve) => (release = resolve)),
      renewToken: async () => undefined,
      online: () => true,
      now: () => 0,
      sleep: async () => undefined,
      changed: () => undefined,
    });
    await outbox.add(item('key-0001'), 'token');
    await outbox.add(item('key-0002'), 'token');
    await outbox.cancel('key-0002');
    const run = outbox.replay();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(outbox.cancel('key-0001')).rejects.toBeInstanceOf(OutboxRefusal);
    release(ok());
    await run;
    expect((await outbox.list()).map((each) => [each.id, each.state])).toEqual([['key-0001', 'sent']]);
  });

  it('runs one replay at a time: a trigger during a run sends nothing twice', async () => {
    const { outbox, sent } = harness(() => ok());
    for (let index = 1; index <= 5; index += 1) await outbox.add(item(`key-000${index}`), 'token');
    await Promise.all([outbox.replay(), outbox.replay(), outbox.replay()]);
    expect(sent.map((each) => each.id)).toEqual(['key-0001', 'key-0002', 'key-0003', 'key-0004', 'key-0005']);
  });
});
