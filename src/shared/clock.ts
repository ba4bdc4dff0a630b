/**
 * The clock of what a visitor sees (SPEC §9: the delivery estimate and the countdown to the 15:00
 * cutoff). The browser's clock is the truth: the countdown ticks there, and the order itself is
 * dated by the server when it is placed. A page drawn on the server is drawn for the server's
 * instant (`serverTime` in the app props), and the browser hydrates with that same instant, so the
 * markup matches; right after hydration the browser's clock takes over and ticks.
 */
import { useEffect, useState } from 'react';
import { useAppProps } from './app-props';

export function useNow(intervalMs: number): Date {
  const { serverTime } = useAppProps();
  const [now, setNow] = useState(() => (serverTime ? new Date(serverTime) : new Date()));
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
