import preactPreset from '@preact/preset-vite';
import type { PluginOption } from 'vite';

/**
 * The app is written against React's API and runs on Preact through preact/compat (decision 018): the
 * first screen's JavaScript shrinks by about 59 KB gzip. The preset aliases react, react-dom and their
 * JSX runtimes; TanStack Query and react-i18next reach React's useSyncExternalStore through the shim, which
 * compat provides natively. Tests run on the same runtime the browser gets.
 */
export function preact(): PluginOption {
  return [
    preactPreset({ prerender: { enabled: false } }),
    {
      name: 'trostnetz:preact-sync-external-store',
      config: () => ({
        resolve: {
          alias: [
            { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
            // Testing Library's package.json names its CommonJS build first; its ES build can be aliased.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
      }),
    },
  ];
}
