import { defineProject } from 'vitest/config';
import { preact } from './build/preact.ts';

export default defineProject({
  plugins: [preact()],
  // Libraries' ES builds (package.json "module" and the "module" export condition) import "react", which
  // Vite points at Preact; their CommonJS builds would load React itself.
  resolve: { mainFields: ['module', 'main'], conditions: ['module', 'browser', 'development'] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // Libraries that import React run through Vite as well, so they meet Preact as the browser build does.
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-/,
          /@radix-ui/,
          /@tanstack/,
          /lucide-react/,
          /@hookform/,
          /zustand/,
        ],
      },
    },
    // Typing into forms with user-event takes seconds when the machine is busy; a hang still fails.
    testTimeout: 15_000,
  },
});
