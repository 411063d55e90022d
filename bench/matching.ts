// Time to compute one member's suggestions with 1,000 / 10,000 / 100,000 generated members, on PGlite and
// (when it answers) PostgreSQL. Target: under 100 ms at 100,000 on PostgreSQL.
// Run: node --import tsx bench/matching.ts [--sizes 1000,10000,100000]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { matchingProfiles } from '../apps/server/src/db/schema/matching.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { randomAnswers, seededRandom } from '../apps/server/src/modules/matching/demo-answers.ts';
import { profileFromAnswers } from '../apps/server/src/modules/matching/match-profile.ts';
import { findCandidates } from '../apps/server/src/modules/matching/matching.service.ts';
import {
  loadQuestionnaire,
  seedQuestionnaire,
} from '../apps/server/src/modules/questionnaire/questionnaire.service.ts';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,10000,100000' } } });
const sizes = values.sizes.split(',').map(Number);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function generate(database: Database, n: number) {
  const questions = await loadQuestionnaire(database.db);
  const rnd = seededRandom(7);
  for (let start = 0; start < n; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - start) }, (_, i) => start + i);
    const rows = await database.db
      .insert(users)
      .values(
        batch.map((i) => ({
          email: `bench${i}@example.org`,
          passwordHash: 'x',
          nickname: `Bench ${i}`,
          isVerified: true,
          matchingStep: -1,
        })),
      )
      .returning({ id: users.id });
    await database.db.insert(matchingProfiles).values(
      rows.map((r, i) => ({
        userId: r.id,
        active: true,
        ...profileFromAnswers(questions, randomAnswers(rnd, batch[i]!)),
      })),
    );
  }
  await database.db.execute('analyze');
}

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function measure(database: Database, n: number) {
  const rnd = seededRandom(99);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < 60; i++) {
    const id = 1 + Math.floor(rnd() * n);
    const t0 = performance.now();
    const c = await findCandidates(database.db, id, 10);
    const ms = performance.now() - t0;
    if (i >= 10) times.push(ms); // the first ten warm caches and plans
    found += c.length;
  }
  return { p50: pct(times, 50), p95: pct(times, 95), avgFound: found / 60 };
}

async function postgresDatabase(
  n: number,
): Promise<{ database: Database; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_matching_${n}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    database: openDatabase(url.toString(), ''),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const results: string[] = [];
for (const backend of ['PGlite', 'PostgreSQL'] as const) {
  for (const n of sizes) {
    const pgdb = backend === 'PostgreSQL' ? await postgresDatabase(n) : null;
    if (backend === 'PostgreSQL' && !pgdb) {
      results.push(`| ${backend} | ${n} | skipped: PostgreSQL not reachable | | |`);
      continue;
    }
    const database = pgdb?.database ?? openDatabase('memory://', '');
    await database.migrate();
    await seedQuestionnaire(database.db);
    const t0 = performance.now();
    await generate(database, n);
    const genS = ((performance.now() - t0) / 1000).toFixed(1);
    const r = await measure(database, n);
    const line = `| ${backend} | ${n.toLocaleString('en')} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.avgFound.toFixed(1)} (generated in ${genS} s) |`;
    console.log(line);
    results.push(line);
    await database.close();
    await pgdb?.drop();
  }
}
console.log(
  '\nMatching: time to compute one member’s top-10 suggestions (50 members sampled after 10 warm-ups)',
);
console.log('| database | members | p50 | p95 | suggestions found |\n|---|---|---|---|---|');
for (const l of results) console.log(l);
console.log('Target: p95 under 100 ms at 100,000 members on PostgreSQL.');
