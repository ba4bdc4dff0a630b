/**
 * The texts t() answers from (messages.ts): its own part, and messages-more.ts's once it has
 * loaded. Both parts register here, so neither imports the other at run time.
 */
export const catalogue: Record<string, string> = {};

/** Adds a part of the catalogue; each part calls it when it loads. */
export function registerMessages(more: Readonly<Record<string, string>>): void {
  Object.assign(catalogue, more);
}
