/* Trostnetz service worker (issue 13): the app shell and an offline page, and web push.
 * Navigations go to the network first (the member always gets the current app); without a network
 * the offline page answers instead of the browser's error. Hashed build files (/assets/*) never change,
 * so they are served from the cache once fetched. API calls are never cached. */
const CACHE = 'trostnetz-shell-v2';
const SHELL = [
  '/offline.html',
  '/offline.css',
  '/icons/icon-192.png',
  '/favicon.svg',
  '/manifest.webmanifest',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((hit) => hit || fetch(request)));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

/* A push says who and what kind and where it leads ({title, body, url, partner_id}); nothing written.
 * While that conversation is open and visible, the page shows the message itself: no push then. */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.url !== 'string') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.some(
        (w) => w.visibilityState === 'visible' && new URL(w.url).pathname === data.url,
      );
      if (open) return undefined;
      return self.registration.showNotification(data.title || 'Trostnetz', {
        body: data.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: data.url,
        data: { url: data.url },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((w) => w.url === target);
      if (same) return same.focus();
      const any = windows[0];
      if (any) return any.navigate(target).then((w) => (w ? w.focus() : undefined));
      return self.clients.openWindow(target);
    }),
  );
});
