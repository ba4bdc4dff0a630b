/**
 * Asks the browser to keep the shop's storage (the parts viewed, the cart, the outbox) when space
 * runs low, instead of evicting it. Asked only once it is worth it, after the shop was installed
 * or the first order placed: Chromium grants it to an installed app without a question, and
 * Firefox asks the person, which a first visit should not do.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
