// Renders the guest pages into HTML at build time (decision 038): `vite build` writes the app to dist/,
// `vite build --ssr src/prerender.tsx` its renderer to build-ssr/, and this writes dist/prerendered/<page>.html
// (with .br and .gz), the app's index.html with the page's markup in #app. The server answers those paths
// with it; the browser shows it before any JavaScript runs and hydrates it (src/main.tsx).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';

/** The guest pages rendered at build time: sign-in, registration and the legal pages. */
export const PRERENDERED = ['/login', '/register', '/imprint', '/privacy', '/revocation', '/conditions'];

process.env.NODE_ENV = 'production';
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');

// The app's modules read the page (document, localStorage) as they load: a page of a first visit, no
// session, no stored choice.
const dom = new JSDOM('<!doctype html><html lang="de"><body></body></html>', { url: 'http://localhost/' });
for (const key of ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'matchMedia']) {
  Object.defineProperty(globalThis, key, {
    value: key === 'window' ? dom.window : dom.window[key],
    configurable: true,
    writable: true,
  });
}
Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true });

const { renderGuestPage } = await import(path.join(here, '..', 'build-ssr', 'prerender.js'));
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="app"></div>')) throw new Error('prerender: index.html has no empty #app');
mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const page of PRERENDERED) {
  const markup = await renderGuestPage(page);
  if (/<script|<style|\sstyle="/.test(markup))
    throw new Error(`prerender: ${page} has inline script or style`);
  const html = template.replace(
    '<div id="app"></div>',
    `<div id="app" data-prerendered="${page}">${markup}</div>`,
  );
  const file = path.join(dist, 'prerendered', `${page.slice(1)}.html`);
  writeFileSync(file, html);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
}
console.log(`prerendered ${PRERENDERED.join(', ')}`);
process.exit(0);
