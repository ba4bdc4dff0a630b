import { writeStored } from '../storage';

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** Set once the app was installed from this browser (the install prompt is never shown again). */
export const INSTALLED_KEY = 'shop:installed';

let offer: BeforeInstallPromptEvent | undefined;
const listeners = new Set<() => void>();

/** The install offer Chromium made, kept for the shop's own prompt; gone once used or installed. */
export function installOffer(): BeforeInstallPromptEvent | undefined {
  return offer;
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function forgetInstallOffer(): void {
  offer = undefined;
  for (const listener of listeners) listener();
}

/**
 * Listens from the first script on: Chromium makes its offer (beforeinstallprompt) soon after the
 * page loads, before the lazily loaded prompt exists. Its own mini-infobar is held back
 * (preventDefault) so the shop asks at a better moment, after a second visit.
 */
export function watchInstallEvents(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    // pwa-extras.tsx then asks to keep the shop's storage.
    writeStored('local', INSTALLED_KEY, '1');
    forgetInstallOffer();
  });
}
