/** Part type rules of SPEC §3 and §5: display names and the order the search forms list them in. */

/** The fields of a part type (SPEC §3) these rules read. */
export interface PartTypeNames {
  Name: string;
  ExternalName?: string | null;
}

function withoutBrackets(text: string): string {
  return text.replace(/[[\]]/g, '').trim();
}

/**
 * SPEC §3: the display name of a product's PartName. Square brackets are removed; the result is
 * matched against the part types' ExternalName (ignoring case and brackets) to show that type's
 * Name; without a match, underscores become spaces ('[FRONT_BUMPER]' → 'FRONT BUMPER').
 */
export function partTypeName(raw: string, partTypes: readonly PartTypeNames[]): string {
  const cleaned = withoutBrackets(raw);
  const wanted = cleaned.toUpperCase();
  const match = partTypes.find(
    (type) => type.ExternalName != null && withoutBrackets(type.ExternalName).toUpperCase() === wanted,
  );
  if (match) return withoutBrackets(match.Name);
  return cleaned.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
}

// Made on first use: an Intl object costs a phone milliseconds at start-up, and most pages never sort.
let collator: Intl.Collator | undefined;

/**
 * SPEC §5: part types sorted with names not starting with a digit first, then alphabetically
 * (case-insensitive, numbers in numeric order, square brackets ignored). Returns a new array.
 */
export function sortPartTypes<T extends PartTypeNames>(partTypes: readonly T[]): T[] {
  const startsWithDigit = (type: T) => /^\d/.test(withoutBrackets(type.Name));
  return [...partTypes].sort((a, b) => {
    const digitOrder = Number(startsWithDigit(a)) - Number(startsWithDigit(b));
    return digitOrder !== 0 ? digitOrder : (collator ??= new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true })).compare(withoutBrackets(a.Name), withoutBrackets(b.Name));
  });
}

/** SPEC §5: a part type's name with square brackets removed, as the forms list it. */
export function partTypeLabel(partType: PartTypeNames): string {
  return withoutBrackets(partType.Name);
}
