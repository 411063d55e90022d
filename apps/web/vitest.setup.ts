import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLocale } from './src/lib/i18n.ts';

// The app fetches the German texts beyond its shell before a screen, and English when a member chooses it;
// tests render screens directly and switch freely, so every text of both is there.
await Promise.all([loadLocale('de'), loadLocale('en')]);

// findBy*/waitFor wait up to 5 s instead of 1 s: on a busy two-core CI machine a lazy screen can take
// longer than a second to render, and a waiting test costs nothing when the screen is quick.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; the mobile hook and reduced-motion checks need one.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookie jar between tests
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
