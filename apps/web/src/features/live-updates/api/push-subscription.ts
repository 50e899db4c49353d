import type { PushKey, PushSubscriptionBody } from '@ruwa/contract';
import type { PushSubscriptionState } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';

/** Whether this browser can receive pushes at all (an installed PWA on iOS, any modern Android browser). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as PushManager.subscribe wants it. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The app's service worker; registered here too when the app has not done it yet. */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (registration) return registration;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export type PushState = 'unavailable' | 'blocked' | 'off' | 'on';

/** Where this browser stands: 'on' only when the server has its subscription for the signed-in user. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unavailable';
  const { data } = await api.get<PushKey>('push/key');
  if (!data.public_key) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await currentSubscription();
  if (!subscription) return 'off';
  const status = await api.post<PushSubscriptionState>('push/subscriptions/status', {
    endpoint: subscription.endpoint,
  });
  return status.data.subscribed ? 'on' : 'off';
}

/** Asks the browser's permission, subscribes with the server's key and hands the subscription over. */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { data } = await api.get<PushKey>('push/key');
  if (!data.public_key) return 'unavailable';
  const registration = await serviceWorker();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(data.public_key),
    }));
  await api.post('push/subscriptions', subscription.toJSON() as PushSubscriptionBody);
  return 'on';
}

/** Stops pushes to this browser, for this user and at the push service. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await api.post('push/subscriptions/delete', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return 'off';
}
