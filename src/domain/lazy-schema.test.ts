import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { deferredSchema, lazySchema } from './lazy-schema';

const buildCard = () => z.object({ id: z.int(), name: z.string().check(z.trim(), z.minLength(1, 'Enter a name.')), price: z.nullable(z.int()) });

describe('deferredSchema', () => {
  it('builds its schema on first use, once', () => {
    let builds = 0;
    const card = deferredSchema(() => {
      builds += 1;
      return buildCard();
    });
    const list = z.object({ cards: z.array(card) });
    expect(builds).toBe(0);
    expect(z.safeParse(list, { cards: [{ id: 1, name: ' Alternator ', price: null }] }).data).toEqual({ cards: [{ id: 1, name: 'Alternator', price: null }] });
    expect(z.safeParse(card, { id: 2, name: 'Starter', price: 5 }).success).toBe(true);
    expect(builds).toBe(1);
  });

  it('refuses what the real schema refuses, with the same messages', () => {
    const input = { id: 1.5, name: '   ', price: 'free' };
    const deferred = z.safeParse(deferredSchema(buildCard), input);
    const eager = z.safeParse(buildCard(), input);
    expect(deferred.success).toBe(false);
    expect(deferred.error?.issues).toEqual(eager.error?.issues);
  });

  it('can be extended, made optional and described as JSON Schema as the real one', () => {
    const extended = z.extend(deferredSchema(buildCard), { grade: z.optional(z.string()) });
    const eager = z.extend(buildCard(), { grade: z.optional(z.string()) });
    expect(z.toJSONSchema(z.object({ card: z.optional(extended) }))).toEqual(z.toJSONSchema(z.object({ card: z.optional(eager) })));
  });

  it('answers reflection as its schema does', () => {
    const deferred = deferredSchema(buildCard);
    const eager = buildCard();
    expect(Reflect.ownKeys(deferred)).toEqual(Reflect.ownKeys(eager));
    expect(Object.getPrototypeOf(deferred)).toBe(Object.getPrototypeOf(eager));
    expect('_zod' in deferred).toBe(true);
    expect(Object.getOwnPropertyDescriptor(deferred, '_zod')?.value).toBe(deferred._zod);
  });
});

describe('lazySchema', () => {
  it('builds at once where there is no page (the server, a worker, Node)', () => {
    let builds = 0;
    lazySchema(() => {
      builds += 1;
      return buildCard();
    });
    expect(builds).toBe(1);
  });
});
