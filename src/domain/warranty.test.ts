import { describe, expect, it } from 'vitest';
import { defaultWarranty, warrantyChoiceProblem, warrantySelectorEnabled } from './warranty';

const w = (id: number, is_default: boolean | number = false) => ({ id, name: `W${id}`, value: 0, is_default });

describe('SPEC §4 warranty preselected as the default; else the first when fewer than two exist', () => {
  it('picks the one marked is_default', () => {
    expect(defaultWarranty([w(1), w(2, true), w(3)])?.id).toBe(2);
    expect(defaultWarranty([w(1), w(2, 1)])?.id).toBe(2);
  });

  it('picks the only warranty when none is marked', () => {
    expect(defaultWarranty([w(7)])?.id).toBe(7);
    expect(defaultWarranty([])).toBeUndefined();
  });

  it('picks none when two or more exist and none is marked', () => {
    expect(defaultWarranty([w(1), w(2)])).toBeUndefined();
  });
});

describe('SPEC §4 the warranty selector is disabled with fewer than two', () => {
  it('enables the selector from two warranties', () => {
    expect(warrantySelectorEnabled([])).toBe(false);
    expect(warrantySelectorEnabled([w(1)])).toBe(false);
    expect(warrantySelectorEnabled([w(1), w(2)])).toBe(true);
  });
});

describe('SPEC §5 more than one warranty and none selected: validation.required_warranty', () => {
  it('asks for a choice only when there is one to make', () => {
    expect(warrantyChoiceProblem([w(1), w(2)], null)).toBe('validation.required_warranty');
    expect(warrantyChoiceProblem([w(1), w(2)], 9)).toBe('validation.required_warranty');
    expect(warrantyChoiceProblem([w(1), w(2)], 2)).toBeNull();
    expect(warrantyChoiceProblem([w(1)], null)).toBeNull();
    expect(warrantyChoiceProblem([], undefined)).toBeNull();
  });
});
