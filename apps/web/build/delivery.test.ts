import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { moveSourcemaps, precompress } from './delivery.ts';

function fakeDist() {
  const root = mkdtempSync(path.join(tmpdir(), 'trostnetz-dist-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const js = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Trostpartner ${i}`))};\n`;
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), js);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"mappings":""}');
  writeFileSync(path.join(dist, 'assets', 'index-abc.css'), `.a{color:red}\n`.repeat(200));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
  return { root, dist, js };
}

describe('issue 9 item 19: built assets are compressed at build time', () => {
  it('writes .br and .gz beside each text asset of 1 KB or more, each decompressing to the original', () => {
    const { dist, js } = fakeDist();
    precompress(dist);
    const asset = path.join(dist, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${asset}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${asset}.gz`)).toString()).toBe(js);
    expect(readFileSync(`${asset}.br`).length).toBeLessThan(js.length / 3);
    expect(readdirSync(path.join(dist, 'assets')).sort()).toEqual([
      'index-abc.css',
      'index-abc.css.br',
      'index-abc.css.gz',
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'index-abc.js.map',
      'photo.png',
    ]);
    // Under 1 KB it is not worth a request header's worth of savings.
    expect(readdirSync(dist).filter((f) => f.startsWith('favicon'))).toEqual(['favicon.svg']);
  });
});

describe('issue 9 item 20: no source maps in the public folder', () => {
  it('moves every .map out of dist, keeping them for error reports', () => {
    const { root, dist } = fakeDist();
    const kept = path.join(root, 'sourcemaps');
    moveSourcemaps(dist, kept);
    expect(readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(readFileSync(path.join(kept, 'assets', 'index-abc.js.map'), 'utf8')).toContain('"version":3');
  });
});
