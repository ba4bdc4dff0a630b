import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

/**
 * Sonner's rich colours put mid-tone text on pale backgrounds (about 3:1 for warnings); these
 * darker texts keep every toast at WCAG AA (4.5:1) on the same backgrounds.
 */
const RICH_COLOURS = {
  '--success-text': '#17602a',
  '--info-text': 'var(--color-brand)',
  '--warning-text': '#7a4a00',
  '--error-text': 'var(--color-error)',
} as CSSProperties;

/** Where toasts appear: top right for 2 s (SPEC §8 and §9). Call `toast()` from 'sonner' to show one. */
export const TOAST_DURATION_MS = 2000;

export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      containerAriaLabel="Notifications"
      style={RICH_COLOURS}
      toastOptions={{ style: { fontFamily: 'var(--font-sans)', fontSize: 'var(--text-sm)' } }}
    />
  );
}
