// Memory of the data export (issue 11): a member with 1,000 / 10,000 / 100,000 messages downloads the ZIP
// over HTTP (GET /api/user/export, read as a stream and thrown away). Prints the growth of the JS heap and
// of the process's RSS over the idle baseline (peak while streaming), the ZIP's size and the time.
// Messages are read in pages, so the growth stays flat as the count rises (target: no growth in
// proportion to the messages). On in-memory PGlite, in this one process (server and client together).
// Run: node --expose-gc --import tsx bench/export-memory.ts [--sizes 1000,10000,100000]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../apps/server/src/app-context.ts';
import { onboardMember } from '../apps/server/src/test/factories.ts';
import { createListeningTestApp } from '../apps/server/src/test/test-app.ts';
import { createReport } from './lib/results.ts';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '1000,10000,100000' }, json: { type: 'string' } },
});
const report = createReport('export-memory');
const sizes = values.sizes.split(',').map(Number);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const t = await createListeningTestApp();
const ctx = (t.app as unknown as { ctx: AppContext }).ctx;
try {
  console.log('messages   zip size    time     heap growth (peak)   rss growth (peak)');
  for (const n of sizes) {
    const a = await onboardMember(t);
    const b = await onboardMember(t);
    const post = (token: string, url: string, body: unknown = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    await post(a.token, `/api/user/friend/request/send/${b.id}`, { message: 'Magst du schreiben?' });
    await post(b.token, `/api/user/friend/request/accept/${a.id}`);
    // Half sent, half received; about 120 characters each.
    await ctx.db.execute(sql`insert into messages (chat_id, sender_id, recipient_id, body)
      select p.id, case when g % 2 = 0 then ${a.id}::bigint else ${b.id}::bigint end,
        case when g % 2 = 0 then ${b.id}::bigint else ${a.id}::bigint end,
        'Nachricht ' || g || ': ' || repeat('Heute war ein schwerer Tag, aber dein Satz hat mir geholfen. ', 2)
      from generate_series(1, ${n}) g,
        (select id from partnerships where user_low = ${Math.min(a.id, b.id)} and user_high = ${Math.max(a.id, b.id)}) p`);
    await ctx.mailer.idle();
    await ctx.jobs.drain();
    gc();
    const base = process.memoryUsage();
    let peakHeap = base.heapUsed;
    let peakRss = base.rss;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    }, 20);
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${t.port}/api/user/export`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    let size = 0;
    for await (const chunk of res.body) size += (chunk as Uint8Array).byteLength;
    const ms = performance.now() - started;
    clearInterval(sample);
    report.add({
      metric: `Data export with ${n.toLocaleString('en')} messages: heap / RSS growth at peak`,
      value: peakHeap - base.heapUsed,
      unit: 'B',
      result: `${mb(peakHeap - base.heapUsed)} / ${mb(peakRss - base.rss)} (ZIP ${mb(size)} in ${(ms / 1000).toFixed(1)} s)`,
      target: 'flat as messages grow',
      met: null,
    });
    console.log(
      `${String(n).padStart(8)}   ${mb(size).padStart(8)}   ${`${(ms / 1000).toFixed(1)} s`.padStart(6)}   ${mb(peakHeap - base.heapUsed).padStart(18)}   ${mb(peakRss - base.rss).padStart(17)}`,
    );
  }
} finally {
  await t.close();
}
report.finish(values.json, { print: false });
