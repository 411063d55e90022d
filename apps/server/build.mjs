// Bundles the server, its workspace packages (TypeScript sources) and the npm packages it uses into dist/
// (decision 001 and its amendment): one file read at start instead of thousands, which a restart needs to
// reach /health in ≤ 3 s. A module loaded with import() gets its own chunk and loads when first used.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Kept as npm packages: native code, WebAssembly or files they read next to their own sources at run time.
const external = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  '@fastify/static',
  '@fastify/swagger-ui',
  'ioredis',
  'pino',
  'pino-pretty',
  'thread-stream',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes server.js (and chunks/) into `outdir`; the tests build one of their own (vitest.server-bundle-setup.ts). */
export function buildServer(outdir = 'dist', entryPoints = { server: path.join(here, 'src/server.ts') }) {
  return build({
    entryPoints,
    outdir: path.resolve(here, outdir),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    splitting: true,
    // ESM builds first: a chunk made from a CommonJS module exports only `default`, so named imports need ESM.
    mainFields: ['module', 'main'],
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    external: external.flatMap((name) => [name, `${name}/*`]),
  });
}

/**
 * `node build.mjs --tasks`: the command-line tasks (user:create, seed:demo, backup, restore) as bundles in
 * dist/tasks/, for the container image, which has neither the TypeScript sources nor tsx.
 */
export function buildTasks(outdir = 'dist/tasks') {
  const tasks = ['user-create', 'seed-demo', 'backup', 'restore'];
  return buildServer(outdir, Object.fromEntries(tasks.map((t) => [t, path.join(here, `src/cli/${t}.ts`)])));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await (process.argv.includes('--tasks') ? buildTasks() : buildServer());
}
