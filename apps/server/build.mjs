// Bundles the server and its workspace packages (TypeScript sources) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules imported with import() get their own chunk, so the npm packages they need load with them.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@trostnetz/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
