/**
 * Notices about cart changes that were queued without signal and refused when they were finally
 * sent (a part sold or reserved meanwhile, a line no longer there). The screen that made the
 * change may be long gone, so the outcome lands here and the cart page and sidebar show it until
 * the person dismisses it: nothing queued is dropped silently.
 */
import { useSyncExternalStore } from 'react';

export interface CartNotice {
  id: number;
  kind: 'gone' | 'refused';
  text: string;
}

let notices: readonly CartNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function addCartNotice(notice: Omit<CartNotice, 'id'>): void {
  if (notices.some((shown) => shown.text === notice.text)) return;
  notices = [...notices, { ...notice, id: nextId++ }];
  emit();
}

export function dismissCartNotice(id: number): void {
  notices = notices.filter((notice) => notice.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: readonly CartNotice[] = [];

export function useCartNotices(): readonly CartNotice[] {
  return useSyncExternalStore(
    subscribe,
    () => notices,
    () => none,
  );
}
