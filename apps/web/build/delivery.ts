import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this the saving is smaller than the headers that announce it. */
const MIN_BYTES = 1024;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text asset of 1 KB or
 * more, once at build time, so the server sends them as they are (issue 9 item 19).
 */
export function precompress(dist: string) {
  for (const file of files(dist)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < content.length) writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** Moves every source map from the public `dist` to `target`, keeping the folder layout (issue 9 item 20). */
export function moveSourcemaps(dist: string, target: string) {
  rmSync(target, { recursive: true, force: true });
  for (const file of files(dist).filter((f) => f.endsWith('.map'))) {
    const to = path.join(target, path.relative(dist, file));
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(file, to);
  }
}

/**
 * After `vite build`: source maps (built `hidden`, so no file names them) leave the public folder for
 * `sourcemaps/`, kept for error reports; then every text asset is precompressed.
 */
export function delivery({ sourcemaps }: { sourcemaps: string }): Plugin {
  let dist = '';
  let root = '';
  let chunks: ChunkEntry[] = [];
  return {
    name: 'trostnetz-delivery',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      dist = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      chunks = chunkManifest(bundle, root);
    },
    closeBundle() {
      if (!existsSync(dist)) return;
      moveSourcemaps(dist, sourcemaps);
      precompress(dist);
      writeFileSync(path.join(sourcemaps, CHUNK_MANIFEST), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

/** Beside the source maps, out of the public folder: which modules each chunk holds (issue 16). */
export const CHUNK_MANIFEST = 'chunks.json';

export interface ChunkEntry {
  file: string;
  isEntry: boolean;
  /** Chunks loaded with this one. */
  imports: string[];
  /** Chunks this one may load later (lazy screens). */
  dynamicImports: string[];
  /** Source modules, relative to the web app (`src/…`) or `node_modules/<package>/…`. */
  modules: string[];
}

/**
 * What the build put where, so a test can prove that the members' chunks hold no console code (the
 * bundle's own manifest names chunks, not the modules inside them).
 */
export function chunkManifest(bundle: Record<string, unknown>, root: string): ChunkEntry[] {
  const entries: ChunkEntry[] = [];
  for (const output of Object.values(bundle) as Array<Record<string, unknown>>) {
    if (output.type !== 'chunk') continue;
    const moduleIds = (output.moduleIds as string[] | undefined) ?? [];
    entries.push({
      file: output.fileName as string,
      isEntry: Boolean(output.isEntry),
      imports: (output.imports as string[] | undefined) ?? [],
      dynamicImports: (output.dynamicImports as string[] | undefined) ?? [],
      modules: moduleIds.map((id) => {
        const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
        const inModules = clean.lastIndexOf('node_modules/');
        return inModules >= 0 ? clean.slice(inModules) : path.relative(root, clean);
      }),
    });
  }
  return entries.sort((a, b) => a.file.localeCompare(b.file));
}
