import { describe, expect, it } from 'vitest';
import { auditDiff } from './diff';

describe("an audit entry's change as readable lines", () => {
  it('names only the fields that changed, with old and new values', () => {
    expect(auditDiff({ email: 'a@example.com', role: 'sales', disabled_at: null }, { email: 'a@example.com', role: 'warehouse', disabled_at: null })).toEqual([{ field: 'role', before: 'sales', after: 'warehouse' }]);
  });

  it('shows a new record as its new values and an empty value as a dash', () => {
    expect(auditDiff(null, { email: 'a@example.com', disabled_at: null })).toEqual([
      { field: 'email', after: 'a@example.com' },
      { field: 'disabled_at', after: '—' },
    ]);
  });

  it('shows a removed record as its old values, nested values as JSON, and nothing for no change', () => {
    expect(auditDiff({ lines: [1, 2] }, null)).toEqual([{ field: 'lines', before: '[1,2]' }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditDiff(5, 6)).toEqual([{ field: 'value', before: '5', after: '6' }]);
  });
});
