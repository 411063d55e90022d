import { describe, expect, it } from 'vitest';
import { resources } from '../lib/i18n.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => keys(v, `${prefix}[${i}]`))];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('translations', () => {
  it('German and English have the same namespaces and keys (both complete)', () => {
    const de = resources.de ?? {};
    const en = resources.en ?? {};
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
    for (const ns of Object.keys(de)) {
      expect(keys(en[ns]).sort(), `namespace ${ns}`).toEqual(keys(de[ns]).sort());
    }
  });

  it('no empty texts', () => {
    for (const lang of ['de', 'en']) {
      const flat = JSON.stringify(resources[lang]);
      expect(flat).not.toMatch(/:""/);
      expect(flat.toLowerCase()).not.toContain('lorem');
    }
  });
});
