import { describe, expect, it } from 'vitest';
import { t } from './messages';
import { compatibility, hasCompatibilityCheck } from './compatibility';

describe('SPEC §4, §9 compatibility levels 0, 1, 2, 3 and 100', () => {
  it.each([
    [0, 'unknown', true],
    [1, 'exact', true],
    [2, 'likely', true],
    [3, 'optional', true],
    [100, 'unknown', false],
  ] as const)('level %i: class %s, badge %s', (level, className, showsBadge) => {
    const result = compatibility(level);
    expect(result).toEqual({ level, className, labelKey: `product.compatibility_match.${level}`, showsBadge });
    expect(t(result.labelKey)).not.toBe('');
  });

  it('reads levels sent as strings', () => {
    expect(compatibility('2').className).toBe('likely');
  });

  it('treats an unknown level as 100: no badge', () => {
    expect(compatibility(5)).toMatchObject({ level: 100, showsBadge: false });
    expect(compatibility(null)).toMatchObject({ level: 100, showsBadge: false });
    expect(compatibility('')).toMatchObject({ level: 100, showsBadge: false });
  });
});

describe("SPEC §3 CompatabilityFlag 'TRUE' shows the compatibility check", () => {
  it('checks the flag', () => {
    expect(hasCompatibilityCheck({ CompatabilityFlag: 'TRUE' })).toBe(true);
    expect(hasCompatibilityCheck({ CompatabilityFlag: 'FALSE' })).toBe(false);
    expect(hasCompatibilityCheck({})).toBe(false);
    expect(hasCompatibilityCheck(null)).toBe(false);
  });
});
