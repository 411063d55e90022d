import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources, STAFF_ONLY } from '../lib/i18n.ts';
import consoleDe from './de/nova-console.json';
import consoleEn from './en/nova-console.json';

/** The app's texts plus the console's, which only the console's chunk loads (issue 16). */
const all = {
  de: { ...resources.de, [STAFF_ONLY]: consoleDe },
  en: { ...resources.en, [STAFF_ONLY]: consoleEn },
} as Record<'de' | 'en', Record<string, unknown>>;

const src = path.resolve(__dirname, '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The German text of `key` in the first of `namespaces` that has it (`ns:key` names its own). */
function lookup(key: string, namespaces: string[]): string | undefined {
  const [ns, inner] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [undefined, key];
  for (const name of ns ? [ns] : namespaces) {
    let value: unknown = all.de[name];
    for (const part of inner.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => keys(v, `${prefix}[${i}]`))];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('translations', () => {
  it("issue 16: the console's texts are not among the texts every member loads", () => {
    expect(Object.keys(resources.de ?? {})).not.toContain(STAFF_ONLY);
    expect(Object.keys(resources.de ?? {})).toContain('nova');
  });

  it('German and English have the same namespaces and keys (both complete)', () => {
    const { de, en } = all;
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
    for (const ns of Object.keys(de)) {
      expect(keys(en[ns]).sort(), `namespace ${ns}`).toEqual(keys(de[ns]).sort());
    }
  });

  it('no empty texts', () => {
    for (const lang of ['de', 'en']) {
      const flat = JSON.stringify(all[lang as 'de' | 'en']);
      expect(flat).not.toMatch(/:""/);
      expect(flat.toLowerCase()).not.toContain('lorem');
    }
  });
});

describe('issue 9 item 17: no text reaches the screen with a raw {{placeholder}}', () => {
  it('every t() call with a literal key passes each value its text interpolates', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const code = readFileSync(file, 'utf8');
      const namespaces = [...code.matchAll(/useTranslation\((?:'([\w-]+)'|\[([^\]]*)\])?/g)].flatMap((m) =>
        m[1]
          ? [m[1]]
          : (m[2] ?? '')
              .split(',')
              .map((n) => n.trim().replace(/'/g, ''))
              .filter(Boolean),
      );
      for (const call of code.matchAll(/\bt\(\s*'([^']+)'\s*(?:,\s*(\{[^}]*\}))?\s*\)/g)) {
        const [, key = '', options = ''] = call;
        const text = lookup(key, namespaces.length ? namespaces : ['common']);
        if (!text) continue;
        for (const [, name] of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
          if (!new RegExp(`\\b${name}\\b`).test(options)) {
            missing.push(`${path.relative(src, file)}: t('${key}') leaves {{${name}}} in "${text}"`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
