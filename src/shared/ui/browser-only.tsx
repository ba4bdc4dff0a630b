import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Children that exist only in the browser (never in the server render, so hydration finds what
 * the server drew; `fallback` stands in for them there), mounted once the page has hydrated. The
 * mount is a transition: a store-based client-only switch made React re-render synchronously right
 * after hydration, with every pending effect of the page flushed in the same long task.
 */
export function BrowserOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : fallback;
}
