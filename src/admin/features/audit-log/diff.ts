/**
 * An audit entry's before and after as lines a person reads: each field that differs, with its
 * old and new value; a record created has only new values, one removed only old ones. Nested
 * values are shown as compact JSON.
 */
export interface DiffLine {
  field: string;
  before?: string;
  after?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as text: strings as they are, nothing as '—', anything else as JSON. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return [];
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: 'value', ...(before == null ? {} : { before: shown(before) }), ...(after == null ? {} : { after: shown(after) }) }];
  }
  const old = isRecord(before) ? before : {};
  const next = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  const lines: DiffLine[] = [];
  for (const field of fields) {
    const was = old[field];
    const is = next[field];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    lines.push({ field, ...(isRecord(before) ? { before: shown(was) } : {}), ...(isRecord(after) ? { after: shown(is) } : {}) });
  }
  return lines;
}
