/** Warranty rules of SPEC §4 and §5: the preselected warranty and when a choice is needed. */
import type { MessageKey } from './messages';
import './messages-more';

/** The fields of a warranty (SPEC §3) these rules read; is_default may arrive as 0/1. */
export interface WarrantyChoice {
  id: number;
  is_default?: boolean | number | null;
}

/**
 * SPEC §4: the warranty preselected on a part, the one marked is_default; if none is and fewer
 * than two exist, the first (or none when the list is empty).
 */
export function defaultWarranty<W extends WarrantyChoice>(warranties: readonly W[]): W | undefined {
  const marked = warranties.find((warranty) => Boolean(warranty.is_default));
  if (marked) return marked;
  return warranties.length < 2 ? warranties[0] : undefined;
}

/** SPEC §4: the warranty selector is enabled only when there are two or more warranties. */
export function warrantySelectorEnabled(warranties: readonly WarrantyChoice[]): boolean {
  return warranties.length >= 2;
}

/**
 * SPEC §5: adding to the cart with more than one warranty and none selected is refused with
 * validation.required_warranty. A selected id that is not one of the warranties counts as none.
 */
export function warrantyChoiceProblem(
  warranties: readonly WarrantyChoice[],
  selectedId: number | null | undefined,
): MessageKey | null {
  if (warranties.length <= 1) return null;
  return warranties.some((warranty) => warranty.id === selectedId) ? null : 'validation.required_warranty';
}
