/** Compatibility rules of SPEC §3, §4 and §9: how well a part fits the searched vehicle. */
import type { MessageKey } from './messages';
import './messages-more';

/** SPEC §4: 0 unknown, 1 exact, 2 likely, 3 optional, 100 unsure (not shown). */
export const COMPATIBILITY_LEVELS = [0, 1, 2, 3, 100] as const;
export type CompatibilityLevel = (typeof COMPATIBILITY_LEVELS)[number];

/** SPEC §9: the style classes of the compatibility badge. */
export type CompatibilityClass = 'unknown' | 'exact' | 'likely' | 'optional';

export interface Compatibility {
  level: CompatibilityLevel;
  className: CompatibilityClass;
  labelKey: MessageKey;
  showsBadge: boolean;
}

const BY_LEVEL: Record<CompatibilityLevel, Compatibility> = {
  0: { level: 0, className: 'unknown', labelKey: 'product.compatibility_match.0', showsBadge: true },
  1: { level: 1, className: 'exact', labelKey: 'product.compatibility_match.1', showsBadge: true },
  2: { level: 2, className: 'likely', labelKey: 'product.compatibility_match.2', showsBadge: true },
  3: { level: 3, className: 'optional', labelKey: 'product.compatibility_match.3', showsBadge: true },
  100: { level: 100, className: 'unknown', labelKey: 'product.compatibility_match.100', showsBadge: false },
};

function isLevel(level: number): level is CompatibilityLevel {
  return (COMPATIBILITY_LEVELS as readonly number[]).includes(level);
}

/**
 * SPEC §4, §9 compatibility level: 0 unknown, 1 exact, 2 likely, 3 optional, each with its badge
 * class and the label key product.compatibility_match.{level}; 100 (unsure) shows no badge. Any
 * other value, or none, is treated as 100: a badge must never claim a fit we cannot back.
 */
export function compatibility(level: number | string | null | undefined): Compatibility {
  const value = typeof level === 'string' && level.trim() !== '' ? Number(level) : level;
  return typeof value === 'number' && isLevel(value) ? BY_LEVEL[value] : BY_LEVEL[100];
}

/** SPEC §3: a part type whose CompatabilityFlag is 'TRUE' shows the compatibility check and badge. */
export function hasCompatibilityCheck(partType: { CompatabilityFlag?: string | null } | null | undefined): boolean {
  return partType?.CompatabilityFlag?.trim().toUpperCase() === 'TRUE';
}
