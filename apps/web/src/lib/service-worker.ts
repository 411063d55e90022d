/**
 * Registers the service worker (public/sw.js: app shell, offline page, web push) in built apps only:
 * in development it would serve stale modules to Vite's dev server.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app works as before, only without offline page and push.
    });
  });
}
