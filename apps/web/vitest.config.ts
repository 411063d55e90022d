import { defineProject } from 'vitest/config';

// The tests run on React 19 and react-dom, as the browser does (decision 028).
export default defineProject({
  test: {
    name: 'web',
    // jsdom whose abort signals Node's Request and fetch accept (Node 24): vitest.environment.ts.
    environment: './vitest.environment.ts',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // Typing into forms with user-event takes seconds when the machine is busy; a hang still fails.
    testTimeout: 15_000,
  },
});
