// In-shop links that the dialog and the category links both follow without a page load.
import type { MouseEvent } from 'react';

/** A click that would open the link in this tab (not a new tab or window). */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Follows a link inside the shop without a page load; other clicks are left to the browser. */
export function follow(navigate: (path: string) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigate(event.currentTarget.getAttribute('href') ?? '/');
  };
}
