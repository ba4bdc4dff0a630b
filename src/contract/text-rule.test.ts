import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { multiLine } from '../domain/multi-line';
import { t } from '../domain/messages';
import '../domain/messages-more';
import { updateShippingBodySchema } from './checkout';
import { formTextProblems, multiLinePaths, textRuleProblems } from './text-rule';

const schema = z.object({
  name: z.string(),
  notes: multiLine(z.optional(z.string())),
  lines: z.array(z.object({ text: multiLine(z.string().check(z.maxLength(10))), label: z.string() })),
});

describe('the text rule', () => {
  it('finds the multi-line fields below a schema, through optionals, arrays and checks', () => {
    expect(multiLinePaths(schema)).toEqual([['notes'], ['lines', '*', 'text']]);
    expect(multiLinePaths(updateShippingBodySchema)).toContainEqual(['cart', 'comments_delivery']);
  });

  it('refuses control characters anywhere and line breaks outside multi-line fields, naming each field', () => {
    const value = { name: 'a\u0000', notes: 'one\ntwo\tthree', lines: [{ text: 'x\r\ny', label: 'l\nm' }, { text: 'bell\u0007', label: 'ok' }], ['k\u0001']: 'v' };
    expect(textRuleProblems(schema, value, 'body')).toEqual({
      name: [t('validation.control_characters')],
      'lines.0.label': [t('validation.single_line')],
      'lines.1.text': [t('validation.control_characters')],
      'k\ufffd': [t('validation.control_characters')],
    });
    expect(textRuleProblems(schema, { name: 'Ünïcödé 🚗', notes: 'a\nb', lines: [] }, 'body')).toBeNull();
    expect(textRuleProblems(undefined, 'a\u0085', 'query')).toEqual({ query: [t('validation.control_characters')] });
  });

  it('lets a multipart form keep its line breaks but never a control character', () => {
    expect(formTextProblems({ reason: 'line\nbreak', other: 'fine' })).toBeNull();
    expect(formTextProblems({ reason: 'nul\u0000' })).toEqual({ reason: [t('validation.control_characters')] });
  });
});
