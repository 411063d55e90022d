import { notificationsApi } from '@trostnetz/contracts/notifications.endpoints';
import { api } from '../../../lib/api-client.ts';

/** The browser can take pushes: a service worker, the Push API and notifications. */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const toKey = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** This browser's current push subscription, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Asks the browser for permission, subscribes with the server's VAPID key, POST /api/push/subscriptions. */
export async function enablePush(publicKey: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const reg = await navigator.serviceWorker.ready;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toKey(publicKey) }));
  await api(notificationsApi.subscribePush, { body: sub.toJSON(), expectStatus: 204 });
  return true;
}

/** DELETE /api/push/subscriptions, then the browser forgets the subscription too. */
export async function disablePush(): Promise<void> {
  const sub = await currentPushSubscription();
  if (!sub) return;
  await api(notificationsApi.unsubscribePush, { body: { endpoint: sub.endpoint }, expectStatus: 204 });
  await sub.unsubscribe();
}
