/**
 * Element ids that one feature scrolls to and another renders, so neither imports the other: the
 * search results scroll to the part request form (SPEC §2, no-results section).
 */
export const PART_REQUEST_ANCHOR = 'part-request';

/** Scrolls smoothly to an element of the page (instantly when reduced motion is asked for) and moves focus to it. */
export function scrollToAnchor(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
