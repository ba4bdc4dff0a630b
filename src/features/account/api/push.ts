/**
 * Notifications on this device (issue 17, contract/push.ts): the member's subscribed devices, and
 * subscribing this one: permission, the service worker's PushManager with the shop's VAPID key,
 * then the subscription sent to the shop. Removing a device stops the shop sending to it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addPushSubscription, getPushSubscriptions, getVapidPublicKey, removePushSubscription } from '../../../contract/push';
import { base64UrlBytes, deviceLabel } from '../../../domain/push-device';
import { apiOf } from '../../../shared/api/client';

const devicesKey = ['push', 'subscriptions'] as const;

export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: devicesKey,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getPushSubscriptions, { signal })).records,
    staleTime: 0,
  });

export function usePushDevices(enabled: boolean) {
  return useQuery({ ...pushDevicesQueryOptions(), enabled });
}

/** Whether this browser can subscribe at all (a service worker, PushManager and notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Why subscribing stopped before the shop was asked: the person's choice, not a failure. */
export class PushRefused extends Error {}

export function useSubscribeThisDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new PushRefused(permission);
      const api = apiOf(client);
      const { public_key } = await api(getVapidPublicKey);
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(public_key) }));
      const json = subscription.toJSON();
      const keys = { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' };
      return api(addPushSubscription, { body: { endpoint: subscription.endpoint, keys, label: deviceLabel(navigator.userAgent) } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}

export function useRemoveDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiOf(client)(removePushSubscription, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}
