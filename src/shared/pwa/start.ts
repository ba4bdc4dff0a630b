import { watchForMissingChunks } from './chunk-reload';
import { watchInstallEvents } from './install-events';

/**
 * What the installed app needs from the first script on (src/main.tsx calls it): recovery from a
 * missing script after a deploy, and the browser's install events. Everything else of the PWA
 * (update and install prompts) loads after the first paint (pwa-extras.tsx).
 */
export function startInstalledApp(build: string): void {
  watchForMissingChunks(build);
  watchInstallEvents();
}
