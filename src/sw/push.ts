/// <reference lib="webworker" />
/**
 * Web push (issue 17, contract/push.ts): the shop's pushes (new-stock alerts, a paid order) carry
 * JSON `{ title, body, url, tag? }`. A 'push' shows it as a notification; a tap on it focuses a
 * window of the shop already showing `url`, or opens one there (the part page, the order).
 */

export interface PushMessage {
  title: string;
  body: string;
  /** A path of the shop ('/product/…'), or an address on its own origin. */
  url: string;
  tag?: string | undefined;
}

/** The payload as the shop sends it; null for anything else (a push must still show something). */
export function readPushMessage(text: string | null | undefined): PushMessage | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return null;
    const { title, body, url, tag } = value as Record<string, unknown>;
    if (typeof title !== 'string' || typeof url !== 'string') return null;
    return { title, body: typeof body === 'string' ? body : '', url, tag: typeof tag === 'string' ? tag : undefined };
  } catch {
    return null;
  }
}

/** The address a notification opens: on the shop's own origin only, else the home page. */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** Shows the push; userVisibleOnly subscriptions must show one for every push. */
export function showPush(sw: ServiceWorkerGlobalScope, data: string | null | undefined): Promise<void> {
  const message = readPushMessage(data) ?? { title: 'PartsFinder UK', body: 'There is news in your account.', url: '/panel/client/orders' };
  return sw.registration.showNotification(message.title, {
    body: message.body,
    ...(message.tag ? { tag: message.tag } : {}),
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: notificationTarget(message.url, sw.location.origin) },
  });
}

/**
 * A tap on a notification: a window of the shop already at its address comes to the front; else
 * a window of the shop already open (the installed app's) goes there, so taps do not pile up
 * windows; else a new window opens there. focus() is allowed only while a real tap is handled.
 */
export async function openNotification(sw: ServiceWorkerGlobalScope, notification: Notification): Promise<void> {
  notification.close();
  const target = notificationTarget((notification.data as { url?: unknown } | null)?.url, sw.location.origin);
  const windows = await sw.clients.matchAll({ type: 'window' });
  const there = windows.find((client) => client.url === target);
  if (there) {
    await there.focus();
    return;
  }
  const shop = windows[0];
  const moved = shop ? await shop.navigate(target).catch(() => null) : null;
  if (moved) {
    await moved.focus().catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(target);
}

export function registerPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    event.waitUntil(showPush(sw, event.data?.text()));
  });
  sw.addEventListener('notificationclick', (event) => {
    // Started before waitUntil: the e2e journey dispatches this event itself for a notification
    // it read back (no test can tap an OS notification), and waitUntil refuses such an event.
    const opening = openNotification(sw, event.notification);
    event.waitUntil(opening);
  });
}
