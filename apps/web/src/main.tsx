import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type AppRouter, createAppRouter } from './app/app.tsx';
import { captureAttribution } from './lib/attribution.ts';
import { i18n, i18nReady } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './index.css';

captureAttribution();
registerServiceWorker();

const root = document.getElementById('app');
if (!root) throw new Error('The page needs a <div id="app">');

/** Once the first navigation (guard, lazy screen) has settled: what the page shows then is known. */
const settled = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

// German is bundled; a member who reads English waits for its texts, so nothing shows in the wrong language.
void i18nReady.then(async () => {
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // A guest page rendered at build time (build/prerender.mjs, in German, for a visitor without a session):
  // hydrated when the browser comes to the same page in the same language, else rendered anew.
  const prerendered = root.dataset.prerendered;
  if (!prerendered) return void createRoot(root).render(app);
  await settled(router);
  if (router.state.location.pathname === prerendered && i18n.language === 'de' && !router.state.errors) {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    delete root.dataset.prerendered;
    createRoot(root).render(app);
  }
});
