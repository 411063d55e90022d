import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every endpoint's method and path are written once, in the tables of packages/contracts: the app's
 * code calls `api(chatApi.send, …)` / `consoleApi(…)` and spells no API path of its own. Comments may
 * name a path; a string or template in code may not. Tests are left alone (they answer fetch by path).
 */
const root = path.resolve(__dirname, '..');
const isSource = (f: string) =>
  /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(`test${path.sep}`) && !f.endsWith('.d.ts');
const API_PATH = /\/(api|pusher)\//;

function literalPaths(file: string, text = readFileSync(path.join(root, file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      API_PATH.test(node.text) &&
      !(ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent))
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${file}:${line + 1} ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('API paths come from the endpoint tables', () => {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(isSource);

  it('no code of the web app spells an /api/ or /pusher/ path', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => literalPaths(file))).toEqual([]);
  });

  it('the check sees a path in a string and in a template, not in a comment', () => {
    const probe = (code: string) => literalPaths('probe.ts', code);
    expect(probe("fetch('/api/config');")).toEqual(["probe.ts:1 '/api/config'"]);
    expect(probe(`const id = 1;\nfetch(\`/api/profile/\${id}\`);`)).toEqual(['probe.ts:2 `/api/profile/${']);
    expect(probe('/** GET /api/config */ const a = 1;')).toEqual([]);
  });
});
