import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** zod's modules that turn a schema into JSON Schema; classic zod imports them into every schema type. */
export const JSON_SCHEMA_MODULE = /\/zod\/v4\/core\/(json-schema-processors|to-json-schema)\.js$/;

/** Exports that make a method when a schema is built (`~standard`, `toJSONSchema`): they must not throw then. */
const METHOD_FACTORY = /^create\w+Method$/;

/**
 * The browser checks answers and forms with zod but never turns a schema into JSON Schema (the server
 * does, for /api/docs). Classic zod wires its JSON-Schema code into every schema type, so no bundler can
 * leave it out: about 18 KB (5 KB gzip) of the zod chunk (issue 13). In the build, these two modules are
 * replaced by ones with the same exports, each failing with a clear error if anything ever calls it.
 * Development and the unit tests keep zod whole.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'trostnetz:zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!JSON_SCHEMA_MODULE.test(id)) return null;
      const names = new Set<string>();
      const ast = this.parse(readFileSync(id, 'utf8'));
      for (const node of ast.body) {
        if (node.type === 'ExportNamedDeclaration') {
          const d = node.declaration;
          if (d?.type === 'FunctionDeclaration' && d.id) names.add(d.id.name);
          if (d?.type === 'VariableDeclaration')
            for (const v of d.declarations) if (v.id.type === 'Identifier') names.add(v.id.name);
          for (const s of node.specifiers) if (s.exported.type === 'Identifier') names.add(s.exported.name);
        }
        if (node.type === 'ExportAllDeclaration' || node.type === 'ExportDefaultDeclaration')
          this.error(`${id}: an export this plugin does not know how to replace`);
      }
      const lines = [
        'const unavailable = () => {',
        `  throw new Error('zod: JSON Schema is not part of the browser build (apps/web/build/zod-browser.ts)');`,
        '};',
      ];
      for (const name of names)
        lines.push(
          `export const ${name} = ${METHOD_FACTORY.test(name) ? '() => unavailable' : 'unavailable'};`,
        );
      return lines.join('\n');
    },
  };
}
