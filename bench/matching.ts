// Time to compute one member's top-10 suggestions (findCandidates) with generated members, on PGlite and
// PostgreSQL. Targets (issue 18) at 1,000,000 members: p95 under 100 ms on PostgreSQL, under 250 ms on PGlite.
// Also checks that the top 10 equal those of the exact query of decision 002 (the matcher before decision
// 016, kept below as the oracle) for `--check` members.
//
// Run: node --import tsx bench/matching.ts [--sizes 1000,10000,100000] [--databases pglite,postgres]
//        [--samples 200] [--check 50]
//   or npm run bench -- matching --sizes 1000000
//
// Generating a million members takes minutes, so each size's data is made once and kept: PostgreSQL in
// the database bench_matching_<size> (BENCH_DATABASE_URL names the server), PGlite in
// .bench-data/matching-pglite-<size>/ (BENCH_DATA_DIR). A later run finds it by its bench_info row (size,
// seed, generator version, last migration) and reuses it; anything else is dropped and made again. `--fresh` always
// remakes it. Every figure comes with the machine's load average: taken while other work runs, it is
// provisional.

import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { involves, sideSql } from '../apps/server/src/db/pair-side.ts';
import { matchingProfiles } from '../apps/server/src/db/schema/matching.ts';
import { partnerships } from '../apps/server/src/db/schema/partnerships.ts';
import { migrationsDir } from '../apps/server/src/lib/paths.ts';
import { randomAnswers, seededRandom } from '../apps/server/src/modules/matching/demo-answers.ts';
import { insertMembers } from '../apps/server/src/modules/matching/generated-members.test-support.ts';
import {
  type Candidate,
  findCandidates,
  refreshActive,
} from '../apps/server/src/modules/matching/matching.service.ts';
import {
  type LoadedQuestion,
  loadQuestionnaire,
  seedQuestionnaire,
} from '../apps/server/src/modules/questionnaire/questionnaire.service.ts';
import { hiddenEitherWay } from '../apps/server/src/policies/members.ts';
import { Latencies } from './lib/latency.ts';
import { createReport, loadAverage } from './lib/results.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    databases: { type: 'string', default: 'pglite,postgres' },
    samples: { type: 'string', default: '200' },
    check: { type: 'string', default: '50' },
    fresh: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const report = createReport('matching');
const sizes = values.sizes.split(',').map(Number);
const databases = values.databases.split(',') as Array<'pglite' | 'postgres'>;
const SAMPLES = Number(values.samples);
const WARMUP = 20;
const CHECK = Number(values.check);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.resolve(import.meta.dirname, '../.bench-data');
/**
 * What the kept data was made with: the answers' seed, how they become rows (change GENERATOR when the
 * generated data would differ) and the last migration (data made before a schema change is made again).
 */
const SEED = 7;
const GENERATOR = 2;
const SCHEMA: string = JSON.parse(
  readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8'),
).entries.at(-1).tag;
const TARGET_MS = { pglite: 250, postgres: 100 };

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

async function filledWith(database: Database): Promise<number | null> {
  try {
    const { rows } = await database.executeSql('select members, seed, generator, schema from bench_info');
    const [row] = rows as Array<{ members: number; seed: number; generator: number; schema: string }>;
    const same =
      row && Number(row.seed) === SEED && Number(row.generator) === GENERATOR && row.schema === SCHEMA;
    return same ? Number(row.members) : null;
  } catch {
    return null;
  }
}

/** n members with the demo's answers (seeded), written set-based, then the matching pool, then statistics. */
async function generate(database: Database, n: number) {
  const questions = await loadQuestionnaire(database.db);
  const rnd = seededRandom(SEED);
  const batch = 10_000;
  for (let start = 0; start < n; start += batch) {
    const members = Array.from({ length: Math.min(batch, n - start) }, (_, i) => ({
      answers: randomAnswers(rnd, start + i),
    }));
    await insertMembers(database.db, questions, members, 'bench', start);
    if (start % 100_000 === 0 && start > 0)
      process.stdout.write(`  ${start.toLocaleString('en')} members…\n`);
  }
  await refreshActive(database.db, 'everyone');
  await database.executeSql('vacuum analyze');
  await database.executeSql('create table bench_info (members int, seed int, generator int, schema text)');
  await database.executeSql(`insert into bench_info values (${n}, ${SEED}, ${GENERATOR}, '${SCHEMA}')`);
}

/** PostgreSQL: bench_matching_<n>, reused when filled with the same data. */
async function postgresDatabase(n: number): Promise<Database | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_matching_${n}`;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount && !values.fresh) {
      const database = openDatabase(url.toString(), '');
      if ((await filledWith(database)) === n) return database;
      await database.close();
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return openDatabase(url.toString(), '');
}

/** PGlite: a data directory per size, reused when filled with the same data. */
async function pgliteDatabase(n: number): Promise<Database> {
  const dir = path.join(DATA_DIR, `matching-pglite-${n}`);
  if (existsSync(dir) && !values.fresh) {
    const database = openDatabase(null, dir);
    if ((await filledWith(database)) === n) return database;
    await database.close();
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return openDatabase(null, dir);
}

/**
 * The matcher of decision 002, as it was before decision 017: one scan of matching_profiles with the
 * filters on the text columns. Exact, so it serves as the oracle the pool's answers must equal.
 */
async function decision002Candidates(
  database: Database,
  questions: LoadedQuestion[],
  userId: number,
  limit: number,
): Promise<Candidate[]> {
  const [me] = await database.db.select().from(matchingProfiles).where(eq(matchingProfiles.userId, userId));
  if (!me || !me.tagBits.includes('1')) return [];
  const list = (xs: string[]) => `{${xs.join(',')}}`;
  const mustShare = questions
    .filter((q) => q.filter === 'must_share')
    .flatMap((q) => me.tags.filter((t) => t.startsWith(`${q.key}:`)));
  const score = sql`case when length(p.tag_bits) = ${me.tagBits.length}
    then bit_count(p.tag_bits & ${me.tagBits}::varbit) else 0 end`;
  const result = await database.db.execute(sql`
    select id, score, tags from (
      select p.user_id as id, ${score}::int as score, p.tags
      from matching_profiles p
      where p.active and p.user_id <> ${userId}
        and (${mustShare.length} = 0 or p.tags && ${list(mustShare)}::text[])
        and p.languages && ${list(me.languages)}::text[]
        and (${me.role} = 'seeker' or p.role = 'seeker')
        and (${me.partnerGenders.length} = 0 or p.gender = any(${list(me.partnerGenders)}::text[]))
        and (cardinality(p.partner_genders) = 0 or ${me.gender}::text = any(p.partner_genders))
        and (${me.partnerAges.length} = 0 or p.age_group = any(${list(me.partnerAges)}::text[]))
        and (cardinality(p.partner_ages) = 0 or ${me.ageGroup}::text = any(p.partner_ages))
        and p.user_id <> all(array(${hiddenEitherWay(userId)}
          union all select ${sideSql(userId).other} from ${partnerships} where ${involves(userId)}))
    ) c
    where score > 0
    order by score desc, id desc
    limit ${limit}`);
  const mine = new Set(me.tags);
  return (result.rows as Array<{ id: string | number; score: number; tags: string[] | string }>).map((r) => ({
    id: Number(r.id),
    score: Number(r.score),
    shared: (Array.isArray(r.tags) ? r.tags : r.tags.replace(/^\{|\}$/g, '').split(',')).filter((t) =>
      mine.has(t),
    ),
  }));
}

const pct = (xs: number[], p: number) => new Latencies(xs).percentile(p);

async function measure(database: Database, n: number) {
  const rnd = seededRandom(99);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const id = 1 + Math.floor(rnd() * n);
    const t0 = performance.now();
    const c = await findCandidates(database.db, id, 10);
    const ms = performance.now() - t0;
    if (i >= WARMUP) {
      times.push(ms);
      found += c.length;
    }
  }
  return {
    p50: pct(times, 50),
    p95: pct(times, 95),
    avgFound: found / SAMPLES,
    load: load(),
    loadAvg: loadAverage(),
  };
}

/** For `CHECK` members: does the matcher's top 10 equal the oracle's (ids, scores, shared answers)? */
async function check(database: Database, n: number) {
  const questions = await loadQuestionnaire(database.db);
  const rnd = seededRandom(1234);
  const key = (cs: Candidate[]) => JSON.stringify(cs.map((c) => [c.id, c.score, [...c.shared].sort()]));
  let same = 0;
  for (let i = 0; i < CHECK; i++) {
    const id = 1 + Math.floor(rnd() * n);
    const got = await findCandidates(database.db, id, 10);
    const want = await decision002Candidates(database, questions, id, 10);
    if (key(got) === key(want)) same += 1;
    else console.log(`  member ${id}: ${key(got)} ≠ ${key(want)}`);
  }
  return same;
}

console.log(`Machine: ${os.cpus().length} cores, load average ${load()} (1 / 5 / 15 min) at the start.`);
const results: string[] = [];
for (const backend of databases) {
  for (const n of sizes) {
    const database = backend === 'postgres' ? await postgresDatabase(n) : await pgliteDatabase(n);
    const label = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
    if (!database) {
      results.push(`| ${label} | ${n.toLocaleString('en')} | skipped: PostgreSQL not reachable | | | | | |`);
      continue;
    }
    await database.migrate();
    await seedQuestionnaire(database.db);
    let data = 'reused';
    if ((await filledWith(database)) !== n) {
      console.log(`${label}, ${n.toLocaleString('en')} members: generating (once; later runs reuse it)…`);
      const t0 = performance.now();
      await generate(database, n);
      data = `generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`;
    }
    const r = await measure(database, n);
    const same = CHECK > 0 ? `${await check(database, n)} / ${CHECK}` : 'not checked';
    const line = `| ${label} | ${n.toLocaleString('en')} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | < ${TARGET_MS[backend]} ms | ${same} | ${r.load} | ${r.avgFound.toFixed(1)} found, ${data} |`;
    console.log(line);
    results.push(line);
    report.add({
      metric: `Matching, ${label}, ${n.toLocaleString('en')} members: top-10 suggestions p50 / p95`,
      value: r.p95,
      unit: 'ms',
      result: `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms; top 10 equal to decision 002: ${same}`,
      target: `p95 < ${TARGET_MS[backend]} ms at 1,000,000`,
      met: n === 1_000_000 ? r.p95 < TARGET_MS[backend] : null,
      load: r.loadAvg,
    });
    await database.close();
  }
}
console.log(
  `\nMatching: one member’s top-10 suggestions (findCandidates), ${SAMPLES} members after ${WARMUP} warm-ups.`,
);
console.log(
  '| database | members | p50 | p95 | target p95 (at 1,000,000) | top 10 equal to the exact query of decision 002 | load average during the timing (1 / 5 / 15 min) | data |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const l of results) console.log(l);
console.log(
  `The search is exact (no approximate index), so no recall is estimated. ${os.cpus().length} cores; figures taken while other work runs on the machine are provisional.`,
);
report.finish(values.json, { print: false });
