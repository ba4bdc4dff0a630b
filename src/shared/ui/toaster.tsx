import { Toaster as SonnerToaster } from 'sonner';

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
      toastOptions={{ style: { fontFamily: 'var(--font-sans)', fontSize: 'var(--text-sm)' } }}
    />
  );
}
