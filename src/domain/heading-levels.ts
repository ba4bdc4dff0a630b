/**
 * Staff write a page's sections at whatever heading level they like (the seeded pages use h3, as
 * the part page's tabs show them under their own h2). Where a page shows that HTML under its h1,
 * its sections must start at h2, or a screen reader's outline skips a level (axe: heading-order).
 */

const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>])/gi;

/**
 * Moves every heading in `html` by the same number of levels, so that its highest heading is `top`
 * (h1…h6, no further). Headings keep their order and their distance from each other; HTML with no
 * heading comes back as it was.
 */
export function headingsFrom(html: string, top: number): string {
  let highest = 7;
  for (const match of html.matchAll(HEADING_TAG)) highest = Math.min(highest, Number(match[2]));
  if (highest === 7 || highest === top) return html;
  const shift = top - highest;
  return html.replace(HEADING_TAG, (_tag, closing: string, level: string) => `<${closing}h${Math.min(6, Math.max(1, Number(level) + shift))}`);
}
