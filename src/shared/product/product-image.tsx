import { useState } from 'react';

/** SPEC §2: where a product image falls back to when it cannot load. */
export const PLACEHOLDER_IMAGE = '/default/img/dist/placeholder.jpg';

interface ProductImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string | undefined;
  /** The first images of a page load at once; the rest wait until they are near the screen. */
  eager?: boolean;
  /**
   * The page's main image (the first card of a list): fetched at high priority, ahead of the
   * page's scripts (the server render preloads it).
   */
  priority?: boolean;
}

/**
 * A product image that falls back to the placeholder on a load failure, and hides itself if the
 * placeholder fails too (SPEC §2). Width and height are given so the page does not jump.
 */
export function ProductImage({ src, alt, width, height, className, eager = false, priority = false }: ProductImageProps) {
  const [stage, setStage] = useState<{ for: string; step: 0 | 1 | 2 }>({ for: src, step: 0 });
  // A new src starts again from the real image.
  const step = stage.for === src ? stage.step : 0;
  if (step === 2) return null;
  return (
    <img
      src={step === 0 && src ? src : PLACEHOLDER_IMAGE}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setStage({ for: src, step: step === 0 && src !== PLACEHOLDER_IMAGE ? 1 : 2 })}
    />
  );
}
