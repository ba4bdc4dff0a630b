/**
 * Work in this tab that a reload would break: the hook point for the outbox (and anything else
 * that sends something that must not be cut off). While any is running the page never reloads by
 * itself (chunk-reload.ts), and the update prompt's Reload waits for it to end:
 *
 *   const done = beginBusy('outbox');
 *   try { await sendQueuedItem(); } finally { done(); }
 *
 * Checkout pages count as busy without registering (reload-rules.ts isCheckoutPath).
 */
const running = new Map<symbol, string>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Marks work as running; the returned function ends it (calling it again does nothing). */
export function beginBusy(reason: string): () => void {
  const key = Symbol(reason);
  running.set(key, reason);
  changed();
  return () => {
    if (running.delete(key)) changed();
  };
}

export function isBusy(): boolean {
  return running.size > 0;
}

export function subscribeBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
