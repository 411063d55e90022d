// node scripts/mutation-survivors.mjs <target>: the mutants a target's tests let live (survived or not
// covered), read from its committed incremental file, one line each with the source line they change.
import { readFileSync } from 'node:fs';

const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/mutation-survivors.mjs <target>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(`stryker/incremental/${target}.json`, 'utf8'));
const counted = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 };
for (const [path, file] of Object.entries(report.files)) {
  const lines = file.source.split('\n');
  for (const m of file.mutants) {
    if (m.status in counted) counted[m.status] += 1;
    if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
    const { line, column } = m.location.start;
    const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
    console.log(`${path}:${line}:${column} ${m.status} ${m.mutatorName} -> ${replacement}`);
    console.log(`    ${lines[line - 1]?.trim()}`);
  }
}
const total = Object.values(counted).reduce((a, b) => a + b, 0);
const score = total ? ((100 * (counted.Killed + counted.Timeout)) / total).toFixed(1) : '–';
console.log(`\n${target}: ${score} % (${JSON.stringify(counted)})`);
