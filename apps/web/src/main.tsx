import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app.tsx';
import { captureAttribution } from './lib/attribution.ts';
import { i18nReady } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './index.css';

captureAttribution();
registerServiceWorker();

const root = document.getElementById('app');
if (!root) throw new Error('The page needs a <div id="app">');

// German is bundled; a member who reads English waits for its texts, so nothing shows in the wrong language.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  ),
);
