/**
 * The answers' serializer against the zod type provider's: the same JSON text for every value that
 * fits its schema, and the same refusal (ResponseSerializationError naming the route) for every
 * value that does not, over the kinds the contract's answers use and those it leaves to zod.
 */
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { partSearch, productCardSchema } from '../../src/contract/catalogue';
import { failureSchema } from '../../src/contract/envelope';
import { answerSerializerCompiler } from './serializer';

const route = (schema: z.ZodMiniType) => ({ schema, method: 'GET', url: '/web-api/example.json', httpStatus: '200' });

/** Both serializers' outcome: the text, or the error's class and message. */
function outcomes(schema: z.ZodMiniType, value: unknown): { ours: string; theirs: string } {
  const run = (serialize: (data: unknown) => string) => {
    try {
      return `text ${serialize(value)}`;
    } catch (error) {
      return `error ${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  return { ours: run(answerSerializerCompiler(route(schema))), theirs: run(serializerCompiler(route(schema))) };
}

function expectSame(schema: z.ZodMiniType, value: unknown): string {
  const { ours, theirs } = outcomes(schema, value);
  expect(ours).toBe(theirs);
  return ours;
}

const card = {
  id: 7,
  Tag: 'A1B2C3',
  sku: 'A1B2C3',
  slug: '/ford-focus-alternator-a1b2c3',
  name: 'Ford Focus Alternator',
  ManuName: 'Ford',
  ModelName: 'Focus',
  PartName: '[Alternator]',
  formattedName: 'Alternator',
  PartType: 12,
  Description: 'Tested, "as new" \u2013 \\ with a line\nbreak and \u0001 a control character, and \ud800 a lone surrogate',
  Year: null,
  OEM: '1234-56',
  Grade: 'A',
  Price: 4999,
  price: 4999,
  price_old: 5999,
  Total: 1,
  stock_quantity: 1,
  status: 'available',
  MainImgURL: '/thumbs/1-abc/card.webp',
  image: '/thumbs/1-abc/card.webp',
  alttag: 'Alternator',
  CompatabilityLevel: 100,
  CompatibilityBadge: '',
  CompatibilityBadgeClass: '',
  product_detail: { is_vehicle: false },
};

describe('the answers serializer writes what the zod type provider writes', () => {
  it('a search answer: cards in the schema’s key order, unknown keys left out', () => {
    const answer = {
      success: true,
      msg: '',
      data: { code: 200, SearchID: 'abc.def', car: null, parts: [{ ...card, extra: 'never sent' }, { ...card, Year: 2012, price_old: null }], sold_parts: [], comming_soon: [card], models: [] },
      debug: 'left out',
    };
    const text = expectSame(partSearch.response, answer);
    expect(text).not.toContain('never sent');
    expect(text.startsWith('text {"success":true,"msg":"","data":{"SearchID":"abc.def","car":null,"parts":[{"id":7,"Tag":')).toBe(true);
  });

  it('every field of a card that does not fit is refused as zod refuses it', () => {
    const wrong: Record<string, unknown> = {
      id: 1.5,
      PartType: Number.MAX_SAFE_INTEGER + 1,
      Price: Number.NaN,
      Tag: 7,
      Year: undefined,
      status: 'gone',
      CompatabilityLevel: 4,
      CompatibilityBadgeClass: 'perfect',
      product_detail: { is_vehicle: 'no' },
    };
    for (const [key, value] of Object.entries(wrong)) {
      const { ours } = outcomes(z.object({ products: z.array(productCardSchema) }), { products: [{ ...card, [key]: value }] });
      expect(ours, key).toMatch(/^error /);
      expectSame(z.object({ products: z.array(productCardSchema) }), { products: [{ ...card, [key]: value }] });
    }
    expectSame(productCardSchema, null);
    expectSame(productCardSchema, [card]);
    expectSame(z.array(productCardSchema), { 0: card, length: 1 });
  });

  it('integer-like keys first, as JSON.stringify orders zod’s output object', () => {
    expectSame(z.object({ b: z.string(), 10: z.int(), a: z.boolean(), 2: z.null() }), { a: true, b: 'x', 2: null, 10: 3 });
  });

  it('optional keys: left out when undefined, written when present; an array’s undefined is null', () => {
    const schema = z.object({ a: z.optional(z.string()), b: z.optional(z.nullable(z.number())), c: z.array(z.optional(z.int())) });
    expect(expectSame(schema, { c: [1, undefined, 3] })).toBe('text {"c":[1,null,3]}');
    expectSame(schema, { a: undefined, b: null, c: [] });
    expectSame(schema, { a: 'x', b: -0, c: [0] });
    expectSame(schema, { a: 'x', b: 1.25e-7, c: [] });
    expectSame(schema, { a: 'x', b: Number.POSITIVE_INFINITY, c: [] });
  });

  it('objects JSON.stringify would write otherwise: another key order, a class, hidden or inherited keys', () => {
    const schema = z.object({ a: z.string(), b: z.optional(z.int()), c: z.array(z.object({ d: z.boolean() })) });
    expectSame(schema, { c: [{ d: true }], a: 'x', b: 1 });
    expectSame(schema, { a: 'x', b: undefined, c: [{ d: true, e: 1 }] });
    expectSame(schema, { a: 'x', c: [], b: 2 });
    class Answer {
      a = 'x';
      c = [];
      toJSON() {
        return 'not this';
      }
    }
    expect(expectSame(schema, new Answer())).toBe('text {"a":"x","c":[]}');
    const hidden = { c: [] };
    Object.defineProperty(hidden, 'a', { value: 'x', enumerable: false });
    expect(expectSame(schema, hidden)).toBe('text {"a":"x","c":[]}');
    const inherited = Object.create({ a: 'x' }) as Record<string, unknown>;
    inherited.c = [];
    expect(expectSame(schema, inherited)).toBe('text {"a":"x","c":[]}');
    expectSame(schema, Object.assign(Object.create(null) as object, { a: 'x', b: 3, c: [] }));
  });

  it('what it leaves to zod: checks, formats, defaults, records, pipes, unions of objects, catch-alls', () => {
    expectSame(z.object({ top: z.array(z.int()).check(z.maxLength(2)) }), { top: [1, 2] });
    expectSame(z.object({ top: z.array(z.int()).check(z.maxLength(2)) }), { top: [1, 2, 3] });
    expectSame(z.object({ mail: z.email() }), { mail: 'a@example.com' });
    expectSame(z.object({ mail: z.email() }), { mail: 'not an address' });
    expectSame(z.object({ n: z.optional(z._default(z.int(), 5)) }), {});
    expectSame(z.object({ errors: z.record(z.string(), z.array(z.string())) }), { errors: { b: ['x'], 1: ['y'] } });
    expectSame(z.object({ when: z.pipe(z.string(), z.transform((s: string) => s.length)) }), { when: 'abc' });
    expectSame(z.union([z.object({ a: z.string() }), z.object({ b: z.int() })]), { b: 2, c: 3 });
    expectSame(z.looseObject({ a: z.string() }), { a: 'x', b: 'kept' });
    expectSame(z.strictObject({ a: z.string() }), { a: 'x', b: 'refused' });
    expectSame(z.object({ big: z.literal(1n) }), { big: 1n });
  });

  it('the failure envelope, with and without field errors', () => {
    expectSame(failureSchema, { success: false, msg: 'Not found.' });
    expectSame(failureSchema, { success: false, msg: 'Check the fields.', errors: { email: ['Required.'] } });
    expectSame(failureSchema, { success: true, msg: 'Not found.' });
  });
});
