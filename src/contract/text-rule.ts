/**
 * The one rule for every text a request carries, before its schema is even looked at: no control
 * character (NUL, bell, escape, DEL, the C1 range: Unicode's Cc) in any string or object key of
 * the params, query or body; tabs and line breaks only in fields marked multiLine() (src/domain/multi-line.ts).
 * PostgreSQL cannot store a NUL, and no field of the shop means anything by the others, so they
 * are refused here with a 422 naming the field rather than reaching the database. The server
 * applies it to every registered call (server/http/route.ts) and to the server render's
 * in-process calls (call-runner.ts).
 */
import type * as z from 'zod/v4/core';
import { t } from '../domain/messages';
import '../domain/messages-more';
import type { FieldErrors } from './envelope';
import { isMultiLine } from '../domain/multi-line';

/** Control characters no field may hold: Cc without tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
const NEVER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
/** What only a multi-line field may hold. */
const LINE_BREAKS = /[\t\n\r]/u;

/** A path of a multi-line text below a schema: field names, '*' for any array item or record key. */
type Pattern = readonly string[];

const patternsOf = new WeakMap<z.$ZodType, readonly Pattern[]>();

/** The paths below `schema` whose texts may span lines (walked once per schema, then kept). */
export function multiLinePaths(schema: z.$ZodType): readonly Pattern[] {
  const known = patternsOf.get(schema);
  if (known) return known;
  const found: Pattern[] = [];
  const visiting = new Set<z.$ZodType>();
  const walk = (node: z.$ZodType, path: Pattern): void => {
    if (isMultiLine(node)) {
      found.push(path);
      return;
    }
    if (visiting.has(node) || path.length > 12) return;
    visiting.add(node);
    // The parts of zod's definitions the walk follows (zod/v4/core's $Zod…Def).
    const def = node._zod.def as unknown as Partial<{
      type: string;
      shape: Record<string, z.$ZodType>;
      catchall: z.$ZodType;
      element: z.$ZodType;
      valueType: z.$ZodType;
      items: readonly z.$ZodType[];
      rest: z.$ZodType | null;
      options: readonly z.$ZodType[];
      left: z.$ZodType;
      right: z.$ZodType;
      in: z.$ZodType;
      out: z.$ZodType;
      getter: () => z.$ZodType;
      innerType: z.$ZodType;
    }>;
    const below = (child: z.$ZodType | null | undefined, childPath: Pattern) => {
      if (child) walk(child, childPath);
    };
    for (const [name, field] of Object.entries(def.shape ?? {})) walk(field, [...path, name]);
    for (const child of [def.catchall, def.element, def.valueType, ...(def.items ?? []), def.rest]) below(child, [...path, '*']);
    for (const child of [...(def.options ?? []), def.left, def.right, def.in, def.out, def.innerType]) below(child, path);
    if (def.type === 'lazy' && def.getter) walk(def.getter(), path);
    visiting.delete(node);
  };
  walk(schema, []);
  patternsOf.set(schema, found);
  return found;
}

const matches = (pattern: Pattern, path: readonly string[]): boolean =>
  pattern.length <= path.length && pattern.every((segment, i) => segment === '*' || segment === path[i]);

/**
 * The fields of `value` (a request's params, query or body as received) that break the text rule,
 * each with the reason, named as the 422 envelope names fields ('items.0.name'); null when there
 * are none. `part` names a whole value that is itself a string.
 */
export function textRuleProblems(schema: z.$ZodType | undefined, value: unknown, part: string): FieldErrors | null {
  const errors: FieldErrors = {};
  let patterns: readonly Pattern[] | undefined;
  const lines = (path: readonly string[]) => (patterns ??= schema ? multiLinePaths(schema) : []).some((pattern) => matches(pattern, path));
  const judge = (text: string, path: readonly string[]): void => {
    const field = path.join('.') || part;
    if (NEVER.test(text)) (errors[field] ??= []).push(t('validation.control_characters'));
    else if (LINE_BREAKS.test(text) && !lines(path)) (errors[field] ??= []).push(t('validation.single_line'));
  };
  const walk = (node: unknown, path: readonly string[], depth: number): void => {
    if (typeof node === 'string') judge(node, path);
    else if (depth > 64 || node === null || typeof node !== 'object') return;
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, String(i)], depth + 1));
    else
      for (const [key, item] of Object.entries(node)) {
        if (NEVER.test(key) || LINE_BREAKS.test(key)) (errors[[...path, key.replace(/\p{Cc}/gu, '\uFFFD')].join('.')] ??= []).push(t('validation.control_characters'));
        else walk(item, [...path, key], depth + 1);
      }
  };
  walk(value, [], 0);
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The text rule for the text parts of a multipart form (a return's form, a job application),
 * whose fields are named by the form rather than a schema: control characters are refused in
 * every part, and line breaks and tabs are left to the form's own rules (its textareas).
 */
export function formTextProblems(fields: Readonly<Record<string, string>>): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(fields)) {
    if (NEVER.test(name) || NEVER.test(value)) (errors[name.replace(/\p{Cc}/gu, '\uFFFD')] ??= []).push(t('validation.control_characters'));
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
