/**
 * What the page knows of the service worker's outbox (src/sw/outbox.ts): its items as the worker
 * last broadcast them, the one on its way, and whether the list (the sheet) is open. A tiny
 * external store like the login modal's: the header's count is in the first download and reads
 * it; the bridge that fills it (bridge.ts) loads after hydration.
 */
import { useSyncExternalStore } from 'react';
import type { OutboxItem } from '../../domain/outbox';

export interface OutboxView {
  /** Every item not yet delivered, in the order made. */
  pending: OutboxItem[];
  /** The key of the item being sent now. */
  sending: string | undefined;
  open: boolean;
}

let view: OutboxView = { pending: [], sending: undefined, open: false };
const listeners = new Set<() => void>();
const SERVER_VIEW: OutboxView = { pending: [], sending: undefined, open: false };

export function setOutboxView(next: Partial<OutboxView>): void {
  view = { ...view, ...next };
  listeners.forEach((listener) => listener());
}

export const openOutbox = (): void => setOutboxView({ open: true });
export const closeOutbox = (): void => setOutboxView({ open: false });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOutboxView = (): OutboxView =>
  useSyncExternalStore(
    subscribe,
    () => view,
    () => SERVER_VIEW,
  );
