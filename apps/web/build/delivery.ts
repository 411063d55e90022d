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
  return {
    name: 'trostnetz-delivery',
    apply: 'build',
    configResolved(config) {
      dist = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!existsSync(dist)) return;
      moveSourcemaps(dist, sourcemaps);
      precompress(dist);
    },
  };
}
