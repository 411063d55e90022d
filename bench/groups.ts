// Groups on PostgreSQL (issue 12): 100,000 posts and 1,000,000 comments in the seeded groups, one member
// with a hidden list of 50 (25 hidden by them, 25 who hid them) and 5 partners. Measures p50/p95 of a
// group's first page, a post with 200 comments (post + comments page) and the dashboard feeds, then
// prints EXPLAIN (ANALYZE, BUFFERS) of the queries behind them.
// Targets: p95 < 30 ms (page, post), < 50 ms (feeds).
// Run: node --import tsx bench/groups.ts [--posts 100000 --comments 1000000]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { dashboardFeeds } from '../apps/server/src/modules/groups/feeds.service.ts';
import { seedGroups } from '../apps/server/src/modules/groups/groups.seed.ts';
import {
  collapsedNotes,
  listComments,
  listPosts,
  postView,
} from '../apps/server/src/modules/groups/groups.service.ts';
import { seedQuestionnaire } from '../apps/server/src/modules/questionnaire/questionnaire.service.ts';
import { Latencies } from './lib/latency.ts';
import { createReport } from './lib/results.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    comments: { type: 'string', default: '1000000' },
    members: { type: 'string', default: '2000' },
    json: { type: 'string' },
  },
});
const POSTS = Number(values.posts);
const COMMENTS = Number(values.comments);
const MEMBERS = Number(values.members);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'bench_groups';
const report = createReport('groups');

const admin = new pg.Client({ connectionString: PG_URL });
try {
  await admin.connect();
} catch {
  console.log('skipped: PostgreSQL not reachable at BENCH_DATABASE_URL');
  report.add({
    metric: 'Groups',
    value: null,
    unit: '',
    result: 'skipped: no PostgreSQL',
    target: '',
    met: null,
  });
  report.finish(values.json, { print: false });
  process.exit(0);
}
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.query(`create database ${NAME}`);
const url = new URL(PG_URL);
url.pathname = `/${NAME}`;

// Every query the app sends, so the ones behind a measured call can be explained afterwards.
let recorded: Array<{ text: string; values: unknown[] }> | null = null;
const originalQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const [q, v] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  if (recorded) {
    recorded.push(
      typeof q === 'string' ? { text: q, values: v ?? [] } : { text: q.text, values: v ?? q.values ?? [] },
    );
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Pool.prototype.query;

const database = openDatabase(url.toString(), '');
const sql = (text: string) => database.executeSql(text);
const t0 = performance.now();
await database.migrate();
await seedQuestionnaire(database.db);
await seedGroups(database.db);

const ME = 1;
await sql(`
  insert into users (email, password_hash, nickname, is_verified, matching_step)
    select 'bench' || i || '@example.org', 'x', 'Bench ' || i, true, -1 from generate_series(1, ${MEMBERS}) i;
  insert into questionnaire_answers (user_id, question_key, option_keys) values (${ME}, 'loss_kind', '{sibling}');
  insert into blocks (blocker_id, blocked_id) select ${ME}, i from generate_series(2, 26) i;
  insert into blocks (blocker_id, blocked_id) select i, ${ME} from generate_series(27, 51) i;
  insert into partnerships (user_low, user_high, status_low, status_high)
    select ${ME}, i, 2, 2 from generate_series(52, 56) i;
  insert into group_members (group_id, user_id, joined_at, last_visited_at)
    select g.id, u, now() - interval '400 days', now() - interval '1 day'
    from groups g, generate_series(1, ${MEMBERS}) u;
`);
const groupIds = (await sql('select id from groups order by id')).rows.map((r) => Number(r.id));
const G = groupIds.length;
// Posts spread over the groups, every member an author in turn, one every 5 minutes back from now;
// every tenth carries a content note.
await sql(`
  insert into posts (id, group_id, author_id, title, message, content_notes, created_at)
    overriding system value
    select i, (array[${groupIds.join(',')}])[1 + i % ${G}], 1 + (i::bigint * 7919) % ${MEMBERS},
      'Beitrag ' || i, repeat('Ein Satz über den Verlust. ', 20),
      case when i % 10 = 0 then '{suicide}'::text[] else '{}'::text[] end,
      now() - (${POSTS} - i) * interval '5 minutes'
    from generate_series(1, ${POSTS}) i;
  select setval(pg_get_serial_sequence('posts', 'id'), ${POSTS});
`);
// Ten comments a post (the first of each ten top-level, two of them replies to it), except the post
// that gets 200; comment authors rotate over all members, so hidden members' words are everywhere.
const BIG = POSTS - G; // a recent post of the first group
const perPost = COMMENTS - 200;
await sql(`
  insert into comments (id, post_id, parent_id, author_id, message, created_at)
    overriding system value
    select i, 1 + (i - 1) / 10,
      case when (i - 1) % 10 in (1, 2) then i - ((i - 1) % 10) end,
      1 + (i::bigint * 104729) % ${MEMBERS}, repeat('Ich denke an dich. ', 5),
      now() - (${POSTS} - (1 + (i - 1) / 10)) * interval '5 minutes' + ((i - 1) % 10) * interval '10 seconds'
    from generate_series(1, ${perPost}) i;
  insert into comments (id, post_id, parent_id, author_id, message, created_at)
    overriding system value
    select ${perPost} + j, ${BIG}, case when j % 4 = 3 then ${perPost} + j - 1 end,
      1 + (j * 31) % ${MEMBERS}, repeat('Ich denke an dich. ', 5), now() - interval '1 hour' + j * interval '1 second'
    from generate_series(1, 200) j;
  select setval(pg_get_serial_sequence('comments', 'id'), ${COMMENTS});
`);
await sql('vacuum analyze');
const bigGroup = Number((await sql(`select group_id from posts where id = ${BIG}`)).rows[0]!.group_id);
const genS = ((performance.now() - t0) / 1000).toFixed(1);

const pct = (xs: number[], p: number) => new Latencies(xs).percentile(p);

async function measure(name: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 110; i++) {
    const start = performance.now();
    await run();
    if (i >= 10) times.push(performance.now() - start); // the first ten warm caches and plans
  }
  recorded = [];
  await run();
  const queries = recorded;
  recorded = null;
  return { name, p50: pct(times, 50), p95: pct(times, 95), queries };
}

const db = database.db;
const results = [
  await measure("a group's first page (20 posts, counts, unread)", async () => {
    await Promise.all([listPosts(db, ME, bigGroup, undefined), collapsedNotes(db, ME)]);
  }),
  await measure('a post with 200 comments (post + comments page)', async () => {
    await Promise.all([postView(db, ME, BIG), collapsedNotes(db, ME)]);
    await listComments(db, ME, BIG, undefined, 200);
  }),
  await measure('the dashboard feeds (3 × 3 items)', () => dashboardFeeds(db, ME, 3, 'de')),
];
const counted = (await listComments(db, ME, BIG, undefined, 200)).rows.length;

const explain = new pg.Client({ connectionString: url.toString() });
await explain.connect();
// The database's own time for each scenario (sum of its queries' execution times), apart from the
// round trips and the load of whatever else runs on the machine.
const dbTimes: number[] = [];
for (const r of results) {
  console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS): ${r.name}`);
  let total = 0;
  for (const q of r.queries) {
    if (!/^\s*select/i.test(q.text)) continue;
    const plan = await explain.query(`explain (analyze, buffers) ${q.text}`, q.values);
    const lines = plan.rows.map((row) => String(row['QUERY PLAN']));
    total += Number(/Execution Time: ([0-9.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? 0);
    if (q.text.includes('content_note_prefs')) continue;
    console.log(`\n${q.text.replace(/\s+/g, ' ').slice(0, 160)}…`);
    for (const line of lines) console.log(`  ${line}`);
  }
  dbTimes.push(total);
}
await explain.end();

console.log(
  `\nGroups on PostgreSQL: ${POSTS.toLocaleString('en')} posts, ${COMMENTS.toLocaleString('en')} comments, ${MEMBERS.toLocaleString('en')} members in ${G} groups; one member with 50 hidden (both ways) and 5 partners (generated in ${genS} s; 100 runs after 10 warm-ups; the post shows ${counted} of its 200 comments to that member)`,
);
console.log(
  '| query | p50 | p95 | target (p95) | database time (EXPLAIN ANALYZE, all its queries) |\n|---|---|---|---|---|',
);
const targets = [30, 30, 50];
for (const [i, r] of results.entries()) {
  const target = targets[i]!;
  report.add({
    metric: `Groups at ${POSTS.toLocaleString('en')} posts / ${COMMENTS.toLocaleString('en')} comments: ${r.name}, p50 / p95`,
    value: r.p95,
    unit: 'ms',
    result: `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms (database ${dbTimes[i]!.toFixed(1)} ms)`,
    target: `p95 < ${target} ms`,
    met: r.p95 < target,
  });
  console.log(
    `| ${r.name} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | < ${target} ms ${r.p95 < target ? '✓' : '✗'} | ${dbTimes[i]!.toFixed(1)} ms (${r.queries.length} queries) |`,
  );
}
const load = loadavg()[0]!;
console.log(`Load average during the run: ${load.toFixed(1)} on ${cpus().length} CPUs.`);
report.finish(values.json, { print: false });
await database.close();
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.end();
