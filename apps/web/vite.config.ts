import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { delivery } from './build/delivery.ts';
import { zodWithoutJsonSchema } from './build/zod-browser.ts';
import { HOME_NAMESPACES, SHELL_NAMESPACES } from './src/locales/shell-namespaces.ts';

const require = createRequire(import.meta.url);
const backend = 'http://127.0.0.1:3000';

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    // React Router 7's package.json names only its development build, whatever the mode (remix-run/react-router
    // #12532, #14102): development warnings and checks would ship to every member. The build takes its production
    // build, which it ships beside it; the dev server and the tests keep the warnings.
    alias: [
      // zod without its `new Function` probe, which the CSP reports as a violation (src/lib/zod.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
      // Radix's scroll lock without a <style> element, which the CSP (no inline style) refuses.
      {
        find: /^react-style-singleton$/,
        replacement: fileURLToPath(new URL('./src/lib/style-singleton.ts', import.meta.url)),
      },
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(
                path.dirname(require.resolve('react-router/package.json')),
                'dist/production/index.mjs',
              ),
            },
          ]
        : []),
    ],
  },
  plugins: [
    // React's JSX runtime, and Fast Refresh in `npm run dev` (decision 028).
    react(),
    zodWithoutJsonSchema(),
    tailwindcss(),
    // Maps outside the public folder (kept for error reports); .br and .gz beside every text asset.
    // The build-time renderer of the guest pages (src/prerender.tsx) is no delivered asset.
    ...(isSsrBuild
      ? []
      : [delivery({ sourcemaps: fileURLToPath(new URL('./sourcemaps', import.meta.url)) })]),
  ],
  build: {
    outDir: isSsrBuild ? 'build-ssr' : 'dist',
    emptyOutDir: true,
    // Written, but named in no file: they never reach browsers (issue 9 item 20).
    sourcemap: 'hidden',
    rollupOptions: {
      // zod's own sources carry explanatory comments that mention @__PURE__; Rollup drops them and says so on
      // every build. Nothing to act on, so a fresh `npm start` stays quiet about it. Filtered in `onLog`: with
      // Vite 7.3 an `onwarn` here was never called for them, and they still printed.
      onLog(level, log, handler) {
        if (level === 'warn' && log.code === 'INVALID_ANNOTATION' && log.id?.includes('/node_modules/zod/'))
          return;
        // Vite names modules that are imported both ways. Ours are the contracts schemas that an API module loads
        // lazily to check an answer in development (lib/answer.ts, decision 021) and a form imports to validate
        // its input: the production build drops the lazy import, so the note is about code that is not shipped.
        if (
          level === 'warn' &&
          log.plugin === 'vite:reporter' &&
          log.message.includes('dynamic import will not move module into another chunk') &&
          /packages\/contracts\/src\/[\w-]+\.ts is dynamically imported/.test(log.message)
        )
          return;
        handler(level, log);
      },
      output: {
        // A chunk named below holds the modules named for it, not also whatever they import: otherwise
        // the zod-free contracts the first screen uses (messages, errors) would follow the schemas into
        // their chunk and bring zod to every first screen.
        onlyExplicitManualChunks: true,
        // Libraries change far less often than the app: in chunks of their own they stay cached across
        // releases, and no single file grows past Vite's size warning.
        manualChunks(id) {
          // The English texts: one chunk, fetched only by members who read English (lib/i18n.ts).
          // The console's texts stay with the console (lib/i18n.ts, features/nova/console-texts.ts).
          if (id.includes('/src/locales/en/') && !id.includes('/nova-console.json')) return 'locale-en';
          // German beyond the app shell: what the home screen and the member's frame read, and the rest, each
          // one chunk, loaded before the first screen that needs it (lib/i18n.ts).
          const german = /\/src\/locales\/de\/([\w-]+)\.json$/.exec(id)?.[1];
          if (german && (HOME_NAMESPACES as readonly string[]).includes(german)) return 'locale-de-home';
          if (
            german &&
            german !== 'nova-console' &&
            !(SHELL_NAMESPACES as readonly string[]).includes(german)
          )
            return 'locale-de';
          // The schemas the member's screens check their answers with in development: one chunk instead of a
          // dozen small ones. The production build never fetches it for answers (decision 021, lib/answer.ts);
          // a screen whose form validates with one of these schemas loads it with that screen.
          // The zod-free contracts (messages, errors, config, friend-status, realtime-events) stay with the
          // code that uses them.
          if (
            /packages\/contracts\/src\/(user|auth|fields|attribution|friendship|profile|partners|safety|groups|chat|notifications|payments|realtime|questionnaire)\.ts$/.test(
              id,
            )
          )
            return 'contracts';
          // Rollup's CommonJS helpers, for React's own CommonJS build, void-elements and pusher-js: with React, so
          // the framework chunk imports nothing (in the state chunk, the two chunks imported each other and React's
          // module ran before the helpers it needs).
          if (id.includes('commonjsHelpers')) return 'react';
          if (id.endsWith('/src/lib/zod.ts')) return 'zod';
          if (!id.includes('node_modules')) return undefined;
          // Radix's dialog and what only it is made of (focus trap, scroll lock, layers): one chunk, fetched
          // when a dialog is first opened (components/ui/dialog.tsx), never by a first screen. The primitives
          // it shares with the switch (slot, context, controllable state) are left to Rollup, so a screen with
          // a switch does not load the dialog.
          if (
            /node_modules\/(@radix-ui\/react-(id|use-callback-ref|dismissable-layer|focus-scope|portal|presence|focus-guards|dialog|use-escape-keydown)|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|aria-hidden|tslib)\//.test(
              id,
            )
          )
            return 'dialog';
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router')) return 'router';
          if (id.includes('node_modules/zod')) return 'zod';
          // Only TanStack Query: the console's table library (@tanstack/react-table) stays in its chunks. React's
          // useSyncExternalStore shim (for react-i18next) with them: alone, a chunk below 1 KB, sent uncompressed.
          if (
            /node_modules\/(@tanstack\/(react-query|query-core)|i18next|react-i18next|html-parse-stringify|void-elements|zustand|use-sync-external-store)\//.test(
              id,
            )
          )
            return 'state';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/pusher': backend,
      '/app': { target: backend, ws: true },
      '/health': backend,
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': backend,
      '/pusher': backend,
      '/app': { target: backend, ws: true },
      '/health': backend,
    },
  },
}));
