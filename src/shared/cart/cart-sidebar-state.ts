/**
 * Whether the cart sidebar (SPEC §2 cart-sidebar) is open. The sidebar has no URL of its own in
 * this SPA (docs/architecture.md): the cart-add route opens it over the page the person came
 * from, and any navigation closes it ('closes on leaving'). A tiny external store, so the header,
 * the root layout and the cart-add route share it without a context and without loading the
 * sidebar's code until it is first opened.
 */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function openCartSidebar(): void {
  set(true);
}

export function closeCartSidebar(): void {
  set(false);
}

export function isCartSidebarOpen(): boolean {
  return open;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCartSidebarOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}
