/*
 * Web Push for the app's service worker (Workbox imports this file): shows the alerts Ruwa's server
 * sends while the app is closed, and opens the screen an alert is about when it is tapped.
 * A push carries { title, body, url, tag }; one tag per order, so a newer alert replaces the older.
 */
self.addEventListener('push', (event) => {
  let alert = { title: 'Ruwa', body: '', url: '/', tag: undefined };
  try {
    alert = { ...alert, ...event.data.json() };
  } catch {
    // Not JSON: show the default title rather than nothing, as browsers require.
  }
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      renotify: Boolean(alert.tag),
      icon: '/pwa-192x192.png',
      badge: '/favicon-32x32.png',
      data: { url: alert.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(url);
      await open.focus();
      return open.navigate(url);
    })(),
  );
});
