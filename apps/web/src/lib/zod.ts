/**
 * zod as the web app gets it (vite.config.ts resolves `zod` here): jitless. zod otherwise probes once for
 * `new Function`, which our Content-Security-Policy forbids; the browser reports the probe as a violation
 * (Lighthouse: "Issues logged", best practices 96) although zod catches it. Under this CSP it never compiled
 * anyway, so answers are checked exactly as before. The server keeps zod's compiled checks.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
