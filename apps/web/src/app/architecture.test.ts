import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '..');
const features = readdirSync(path.join(src, 'features'));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'|import\('([^']+)'\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );

describe('CONVENTIONS.md layout', () => {
  it('features never import each other', () => {
    for (const feature of features) {
      for (const file of files(path.join(src, 'features', feature))) {
        for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
          const target = path.relative(src, path.resolve(path.dirname(file), spec));
          const [top, name] = target.split(path.sep);
          if (top === 'features') expect(name, `${path.relative(src, file)} imports ${spec}`).toBe(feature);
        }
      }
    }
  });

  it('shared code (lib, components) never imports features or app', () => {
    for (const dir of ['lib', 'components']) {
      for (const file of files(path.join(src, dir))) {
        for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
          const top = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
          expect(['features', 'app'], `${path.relative(src, file)} imports ${spec}`).not.toContain(top);
        }
      }
    }
  });
});
