/**
 * The answers' serializer: the JSON text that the zod type provider's serializer gives (the
 * contract's response schema run in its encode direction, then JSON.stringify), written straight
 * from the handler's value instead of through a checked copy of it.
 *
 * Why: zod's encode builds a new object for every object of the answer (a product card is 27 fields,
 * a search up to 108 cards) and a result object per value tried against a union, only for
 * JSON.stringify to read them once and drop them. That was a third of a computed search's
 * allocations and about a tenth of its CPU (docs/performance.md, issue 30).
 *
 * The same bytes, the same refusals. For each schema, once, a checker and a writer are compiled for
 * the kinds the contract's answers are made of (objects without catch-all, arrays, strings, safe
 * integers, numbers, booleans, null, literals, enums, unions of literals, nullable and optional),
 * each checking what zod's parse checks for that kind (the type, the integer's range, the enum's
 * values). The checker also tells whether JSON.stringify of the value itself gives zod's bytes:
 * plain objects holding exactly the schema's keys in its order (as the shop's answers are built),
 * nothing that zod would change; then the value is written as it is, without any copy. Otherwise
 * the writer writes it: keys in the order zod's output object has them (the shape's order, with
 * integer-like keys first, as JSON.stringify walks any object), unknown keys left out, an optional
 * key whose value is undefined omitted. Anything else (a schema with checks of its own, a pipe or
 * transform, a record, a union of objects, a catch-all object) is written by zod itself for that
 * part of the answer. When any part of a value does not fit its schema, the whole answer goes
 * through the zod type provider's own serializer, which refuses it exactly as before
 * (ResponseSerializationError, a 500).
 */
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod/v4/core';

/** A value that does not fit its schema: the answer goes the zod way, which says why. */
class Mismatch extends Error {}
const MISMATCH = new Mismatch('the value does not fit its schema');

interface Compiled {
  /**
   * Throws MISMATCH where the value does not fit; otherwise true when JSON.stringify(value) is
   * zod's text for it, false when the writer must write it (which checks what this did not).
   */
  direct: (value: unknown) => boolean;
  /** The JSON text of a value that fits (undefined where JSON leaves it out); throws MISMATCH otherwise. */
  write: (value: unknown) => string | undefined;
}

interface SchemaInternals {
  def: {
    type: string;
    checks?: readonly unknown[];
    format?: string;
    coerce?: boolean;
    shape?: Record<string, z.$ZodType>;
    catchall?: z.$ZodType;
    element?: z.$ZodType;
    innerType?: z.$ZodType;
  };
  values?: Set<unknown>;
  optin?: 'optional';
}

const internals = (schema: z.$ZodType): SchemaInternals => (schema as unknown as { _zod: SchemaInternals })._zod;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether JSON.stringify reads the object as zod's output would be read (no toJSON of a class, say). */
const isPlain = (value: object) => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** A value written as it is once its kind's check passed. */
function leaf(fits: (value: unknown) => boolean, text: (value: unknown) => string): Compiled {
  return {
    direct: (value) => {
      if (!fits(value)) throw MISMATCH;
      return true;
    },
    write: (value) => {
      if (!fits(value)) throw MISMATCH;
      return text(value);
    },
  };
}

/** This part of the answer written by zod: its encode, then JSON.stringify. */
function byZod(schema: z.$ZodType): Compiled {
  return {
    direct: () => false,
    write: (value) => {
      const result = z.safeEncode(schema, value);
      if (!result.success) throw MISMATCH;
      return JSON.stringify(result.data);
    },
  };
}

/** Literal and enum values JSON can carry as they are (a bigint or undefined cannot). */
const jsonValue = (value: unknown) => value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

function objectOf(shape: Record<string, z.$ZodType>): Compiled {
  // The order JSON.stringify walks zod's output object in: integer-like keys first, then as added.
  const keys = Object.keys(Object.fromEntries(Object.keys(shape).map((key) => [key, true])));
  const fields = keys.map((key) => ({ key, prefix: `${JSON.stringify(key)}:`, compiled: compile(shape[key] as z.$ZodType) }));
  return {
    direct: (value) => {
      if (!isObject(value)) throw MISMATCH;
      let defined = 0;
      for (let i = 0; i < fields.length; i += 1) {
        const field = fields[i] as (typeof fields)[number];
        const fieldValue = value[field.key];
        if (!field.compiled.direct(fieldValue)) return false;
        if (fieldValue !== undefined) defined += 1;
      }
      if (!isPlain(value)) return false;
      // Its own keys (those JSON.stringify writes) are the schema's, in the schema's order.
      let next = 0;
      let seen = 0;
      for (const key in value) {
        while (next < keys.length && keys[next] !== key) next += 1;
        if (next === keys.length) return false;
        next += 1;
        if (value[key] !== undefined) seen += 1;
      }
      return seen === defined;
    },
    write: (value) => {
      if (!isObject(value)) throw MISMATCH;
      let out = '';
      for (let i = 0; i < fields.length; i += 1) {
        const field = fields[i] as (typeof fields)[number];
        const written = field.compiled.write(value[field.key]);
        if (written === undefined) continue;
        out += out === '' ? field.prefix : `,${field.prefix}`;
        out += written;
      }
      return `{${out}}`;
    },
  };
}

function arrayOf(element: z.$ZodType): Compiled {
  const compiled = compile(element);
  return {
    direct: (value) => {
      if (!Array.isArray(value)) throw MISMATCH;
      for (let i = 0; i < value.length; i += 1) if (!compiled.direct(value[i])) return false;
      return true;
    },
    write: (value) => {
      if (!Array.isArray(value)) throw MISMATCH;
      let out = '';
      for (let i = 0; i < value.length; i += 1) {
        if (i > 0) out += ',';
        out += compiled.write(value[i]) ?? 'null';
      }
      return `[${out}]`;
    },
  };
}

const isString = (value: unknown) => typeof value === 'string';
const isFiniteNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown) => typeof value === 'boolean';
const isNull = (value: unknown) => value === null;

const compiledSchemas = new WeakMap<z.$ZodType, Compiled>();

/** A schema's checker and writer, made once (schemas are shared: every card of every answer uses one). */
function compile(schema: z.$ZodType): Compiled {
  let compiled = compiledSchemas.get(schema);
  if (!compiled) {
    compiled = compiledOf(schema);
    compiledSchemas.set(schema, compiled);
  }
  return compiled;
}

function compiledOf(schema: z.$ZodType): Compiled {
  const { def, values } = internals(schema);
  // A check of its own (a length, a pattern, a refinement) or a coercion: zod runs it.
  if ((def.checks && def.checks.length > 0) || def.coerce) return byZod(schema);
  switch (def.type) {
    case 'object':
      return def.shape && !def.catchall && !Object.hasOwn(def.shape, '__proto__') ? objectOf(def.shape) : byZod(schema);
    case 'array':
      return def.element ? arrayOf(def.element) : byZod(schema);
    case 'string':
      // A string format (an email, a URL, a date) is a check of its own.
      return def.format === undefined ? leaf(isString, (value) => JSON.stringify(value)) : byZod(schema);
    case 'number':
      if (def.format === 'safeint') return leaf(Number.isSafeInteger, String);
      return def.format === undefined ? leaf(isFiniteNumber, String) : byZod(schema);
    case 'boolean':
      return leaf(isBoolean, (value) => (value ? 'true' : 'false'));
    case 'null':
      return leaf(isNull, () => 'null');
    case 'literal':
    case 'enum':
    case 'union': {
      // Literals, enums and unions of them: the values zod accepts, written as they are.
      if (!values || ![...values].every(jsonValue)) return byZod(schema);
      const allowed = values;
      return leaf(
        (value) => allowed.has(value),
        (value) => JSON.stringify(value),
      );
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.$ZodType);
      return { direct: (value) => value === null || inner.direct(value), write: (value) => (value === null ? 'null' : inner.write(value)) };
    }
    case 'optional': {
      // An inner schema that fills in a missing value (a default) is zod's business.
      if (internals(def.innerType as z.$ZodType).optin === 'optional') return byZod(schema);
      const inner = compile(def.innerType as z.$ZodType);
      return { direct: (value) => value === undefined || inner.direct(value), write: (value) => (value === undefined ? undefined : inner.write(value)) };
    }
    default:
      return byZod(schema);
  }
}

/**
 * Fastify's serializer compiler: the value itself or the compiled writer for the response schema,
 * and the zod type provider's serializer for an answer that does not fit (which throws as it
 * always has).
 */
export const answerSerializerCompiler: FastifySerializerCompiler<z.$ZodType | { properties: z.$ZodType }> = (route) => {
  const byProvider = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = route.schema instanceof z.$ZodType ? route.schema : route.schema.properties;
  if (!(schema instanceof z.$ZodType)) return byProvider;
  const compiled = compile(schema);
  return (data) => {
    try {
      const written = compiled.direct(data) ? JSON.stringify(data) : compiled.write(data);
      if (written !== undefined) return written;
    } catch (error) {
      if (error !== MISMATCH) throw error;
    }
    return byProvider(data);
  };
};
