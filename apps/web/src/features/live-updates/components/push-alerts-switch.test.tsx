import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, signIn, stubFetch } from '@/testing/render-app';

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** The browser's push machinery: a service worker registration whose PushManager keeps one subscription. */
function fakeBrowserPush(permission: NotificationPermission) {
  let subscription: { endpoint: string; toJSON: () => object; unsubscribe: () => Promise<boolean> } | null = null;
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint: 'https://push.example.net/send/abc',
      toJSON: () => ({
        endpoint: 'https://push.example.net/send/abc',
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe: async () => {
        subscription = null;
        return true;
      },
    };
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: vi.fn(), ready: Promise.resolve(registration) },
  });
  return { subscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

function stubPushApi(publicKey: string | null = PUBLIC_KEY) {
  const subscribed = new Set<string>();
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/push/key') return jsonResponse(200, { message: '', data: { public_key: publicKey } });
    const endpoint = (body as { endpoint?: string } | undefined)?.endpoint ?? '';
    if (method === 'POST' && url === '/api/push/subscriptions') {
      subscribed.add(endpoint);
      return jsonResponse(200, { message: 'Alerts are on for this phone', data: { subscribed: true } });
    }
    if (method === 'POST' && url === '/api/push/subscriptions/status') {
      return jsonResponse(200, { message: '', data: { subscribed: subscribed.has(endpoint) } });
    }
    if (method === 'POST' && url === '/api/push/subscriptions/delete') {
      subscribed.delete(endpoint);
      return jsonResponse(200, { message: '', data: { subscribed: false } });
    }
    if (url.startsWith('/api/notifications')) {
      return jsonResponse(200, {
        message: '',
        data: url.includes('unread')
          ? { count: 0 }
          : {
              current_page: 1,
              last_page: 1,
              per_page: 15,
              total: 0,
              data: [],
              prev_page_url: null,
              next_page_url: null,
            },
      });
    }
    return undefined;
  });
}

describe('alerts on this phone', () => {
  it('subscribes with the server key when turned on, and unsubscribes when turned off', async () => {
    signIn();
    const { subscribe } = fakeBrowserPush('granted');
    const { calls } = stubPushApi();
    const { user } = renderApp('/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Order alerts on this phone' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    const key = (subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0].applicationServerKey;
    expect(key).toHaveLength(65);
    expect(calls.find(({ url }) => url === '/api/push/subscriptions')?.body).toEqual({
      endpoint: 'https://push.example.net/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    });
    expect(toggle).toHaveAccessibleDescription('You are alerted on this phone even when Ruwa is closed.');

    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find(({ url }) => url === '/api/push/subscriptions/delete')?.body).toEqual({
      endpoint: 'https://push.example.net/send/abc',
    });
  });

  it('says how to allow alerts when the browser blocks them', async () => {
    signIn();
    fakeBrowserPush('denied');
    stubPushApi();
    renderApp('/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Order alerts on this phone' });
    expect(toggle).toHaveAccessibleDescription(
      'Alerts are blocked for Ruwa in this browser’s settings. Allow notifications there, then try again.',
    );
  });

  it('is not offered when the server has push alerts off', async () => {
    signIn();
    fakeBrowserPush('granted');
    const { calls } = stubPushApi(null);
    renderApp('/notifications');
    await vi.waitFor(() => expect(calls.some(({ url }) => url === '/api/push/key')).toBe(true));
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
