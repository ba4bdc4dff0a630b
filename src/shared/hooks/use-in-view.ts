import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `onVisible` whenever the returned element's box comes into view (or within `margin` of
 * it): the end-of-list marker of an infinite list (SPEC §2). Checked again when `watch` changes, so
 * a marker still on screen after a page arrives asks for the next one.
 */
export function useInView<T extends Element>(onVisible: () => void, watch: unknown, margin = '600px') {
  const ref = useRef<T>(null);
  const visible = useEffectEvent(onVisible);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const reach = Number.parseInt(margin, 10) || 0;
    const observer = new IntersectionObserver(
      (entries) => {
        // An entry can be delivered after the page has changed under it (new products pushed the
        // marker down): ask where the marker is now before acting on it.
        const stillNear = element.getBoundingClientRect().top < window.innerHeight + reach;
        if (stillNear && entries.some((entry) => entry.isIntersecting)) visible();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin, watch]);
  return ref;
}
