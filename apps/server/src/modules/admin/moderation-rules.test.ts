import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../db/schema/chat.ts';
import { comments, posts } from '../../db/schema/groups.ts';
import { type DecisionRow, moderationDecisions, suspensions } from '../../db/schema/moderation.ts';
import { reports } from '../../db/schema/safety.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { longDate } from '../../i18n/long-date.ts';
import { AppError } from '../../lib/app-error.ts';
import { strongPassword } from '../../test/factories.ts';
import { call, type Json } from '../../test/test-app.ts';
import { announceModeratedMessage, endMemberLive } from '../chat/chat.service.ts';
import { noticeLinkUrl } from '../notifications/notification-links.ts';
import { suspensionEnd } from './moderation.service.ts';
import {
  APPEAL_WINDOW_MS,
  appeal,
  appealDecidedBySecond,
  appealOf,
  auditAfter,
  authorPost,
  chatWithReporter,
  commentRow,
  dbOf,
  decide,
  decideAppeal,
  decided,
  decisionOf,
  decisionRow,
  detail,
  insertReport,
  items,
  lastAuditId,
  type Member,
  messageRow,
  newMember,
  notificationsOf,
  openWorld,
  postOf,
  reportAs,
  reportMessage,
  reportPost,
  reportProfile,
  reportRow,
  type Staff,
  sendMessage,
  userRow,
  type World,
} from './moderation.test-support.ts';

/**
 * Issue 16, moderation.service.ts to the letter: the queue (one entry per item, reports of concern first,
 * then the oldest; the excerpt), an item's detail and context, taking an item, each kind of decision and
 * what it does to the item, the account and the audit log, the statement of reasons (DSA Art. 17) and
 * what reporters learn (Art. 16(5)), appeals once within APPEAL_WINDOW_DAYS decided by another moderator
 * (Art. 20), each outcome, and the suspension's end.
 */

// Whom the moderation tells about a chat message and whose sockets it ends: the real functions, watched.
vi.mock('../chat/chat.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../chat/chat.service.ts')>();
  return {
    ...real,
    announceModeratedMessage: vi.fn(real.announceModeratedMessage),
    endMemberLive: vi.fn(real.endMemberLive),
  };
});

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(() => w.t.close());
beforeEach(() => {
  vi.mocked(announceModeratedMessage).mockClear();
  vi.mocked(endMemberLive).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

const APP_URL = 'http://localhost:3000';
const FOOTER =
  'Du bekommst diese E-Mail, weil eine Entscheidung unseres Teams dich betrifft. Sie enthält keine Nachrichten oder Beiträge.';
const error = (code: string, message: string) => ({ message, code });
const NOT_FOUND = error('not_found', 'Nicht gefunden.');
const CONFLICT = error('conflict', 'Das ist gerade nicht möglich.');
const TAKEN = error('report_taken', 'Diese Meldung bearbeitet schon jemand anderes.');
const SAME_MODERATOR = error(
  'appeal_same_moderator',
  'Über einen Widerspruch entscheidet eine andere Person als die, die die erste Entscheidung getroffen hat.',
);
const OWN_CASE = {
  de: 'Eine Meldung über dich selbst oder über deine eigenen Worte übernimmt und entscheidet eine andere Person aus dem Team.',
  en: 'A report about you or about your own words is taken and decided by someone else on the team.',
};
const NOT_APPEALABLE = error('not_appealable', 'Gegen diese Entscheidung ist kein Widerspruch möglich.');

const ref = (m: Member | Staff) => ({ id: m.id, nickname: m.nickname });
const iso = (d: Date) => d.toISOString();
const announced = () => vi.mocked(announceModeratedMessage).mock.calls.map((c) => c[1]);
const endedLive = () => vi.mocked(endMemberLive).mock.calls.map((c) => c[1]);
const mailsSince = (n: number) => w.mails.slice(n).map(({ to, subject, text }) => ({ to, subject, text }));
const appealableUntil = (d: DecisionRow) => new Date(d.createdAt.getTime() + APPEAL_WINDOW_MS);

/** The statement of reasons as the member reads it by mail (German), built from the literal sentences. */
function noticeMail(
  m: Member,
  d: DecisionRow,
  what: { decision: string; target: string; rule: string; until?: Date },
) {
  return {
    to: m.email,
    subject: 'Trostnetz: Eine Entscheidung, die dich betrifft',
    text: [
      `Hallo ${m.nickname},`,
      `unser Team hat eine Meldung geprüft und entschieden: ${what.decision}.`,
      `Betroffen ist ${what.target}.`,
      `Die Regel, um die es geht: „${what.rule}“.`,
      `Begründung: ${d.statement}`,
      ...(what.until
        ? [`Die Sperre gilt bis ${longDate('de', what.until)}. Bis dahin kannst du dich nicht anmelden.`]
        : []),
      `Wenn du nicht einverstanden bist, kannst du bis ${longDate('de', appealableUntil(d))} einmal widersprechen: über den Link unten, auch ohne dich anzumelden. Über deinen Widerspruch entscheidet eine andere Person aus unserem Team.`,
      `Du kannst uns auch über ${APP_URL}/customer-service schreiben und die Nummer E-${d.id} nennen.`,
      '',
      `Entscheidung ansehen und widersprechen: ${noticeLinkUrl(w.t.config, d.id, m.id, appealableUntil(d))}`,
      '',
      FOOTER,
    ].join('\n'),
  };
}

function outcomeMail(m: Member, d: DecisionRow, outcome: 'upheld' | 'reversed', statement: string) {
  return {
    to: m.email,
    subject: 'Trostnetz: Entscheidung über deinen Widerspruch',
    text: [
      `Hallo ${m.nickname},`,
      outcome === 'upheld'
        ? 'wir haben deinen Widerspruch geprüft. Die Entscheidung bleibt bestehen.'
        : 'wir haben deinen Widerspruch geprüft und die Entscheidung aufgehoben. Alles ist wieder wie vorher.',
      `Begründung: ${statement}`,
      '',
      `Entscheidung ansehen: ${APP_URL}/notices/${d.id}`,
      '',
      FOOTER,
    ].join('\n'),
  };
}

/** One report as an item's detail lists it. */
async function reportEntry(id: number, reporter: Member | null) {
  const r = await reportRow(w, id);
  return {
    id,
    reason: r.reason,
    details: r.details,
    reporter: reporter && ref(reporter),
    created_at: iso(r.createdAt),
  };
}

const oldestAt = async (id: number) => iso((await reportRow(w, id)).createdAt);
const queue = async (staff: Staff, status?: string) => {
  const res = await call(w.t, 'GET', `/api/admin/reports${status ? `?status=${status}` : ''}`, {
    token: staff.token,
  });
  expect(res.status, res.text).toBe(200);
  return items(res);
};
/** The queue's entries for these report ids, in the queue's order. */
const entries = async (ids: number[], status?: string) =>
  (await queue(w.mod1, status)).filter((i) => ids.includes(i.id as number));
const noticeOf = async (m: Member, id: number) => {
  const res = await call(w.t, 'GET', '/api/moderation/notices', { token: m.token });
  expect(res.status, res.text).toBe(200);
  return items(res).find((n) => n.id === id);
};
const postSeenBy = async (m: Member, id: number) => {
  const res = await call(w.t, 'GET', `/api/post/${id}`, { token: m.token });
  expect(res.status, res.text).toBe(200);
  const { state, title, message, notice_id } = res.json;
  return { state, title, message, notice_id };
};
const appealsListed = async (status?: string) => {
  const res = await call(w.t, 'GET', `/api/admin/appeals${status ? `?status=${status}` : ''}`, {
    token: w.mod2.token,
  });
  expect(res.status, res.text).toBe(200);
  return items(res);
};
const postRemoved = async (id: number) => {
  const [p] = await dbOf(w).select().from(posts).where(eq(posts.id, id));
  return { removed: p!.removedAt !== null, by: p!.removedDecisionId };
};

describe('the queue: one entry per item, reports of concern first, then the oldest', () => {
  it('queue rule: one entry per item however often reported; its reasons once each in report order, the count, the first report’s id and time, the latest report’s words', async () => {
    const postId = await authorPost(w, 'Gruppe', 'erste Fassung');
    const r1 = await reportPost(w, postId, 'harassment');
    await dbOf(w).update(posts).set({ message: 'zweite Fassung' }).where(eq(posts.id, postId));
    const r2 = await reportPost(w, postId, 'harassment');
    await dbOf(w).update(posts).set({ message: 'dritte Fassung' }).where(eq(posts.id, postId));
    const r3 = await reportPost(w, postId, 'spam');
    const entry = {
      id: r1,
      target_type: 'post',
      target_id: postId,
      reasons: ['harassment', 'spam'],
      concern: false,
      excerpt: 'Gruppe — dritte Fassung',
      report_count: 3,
      oldest_at: await oldestAt(r1),
      status: 'open',
      assignee: null,
    };
    expect(await entries([r1, r2, r3])).toEqual([entry]);
    expect(await entries([r1, r2, r3], 'open')).toEqual([entry]);
    expect(await entries([r1, r2, r3], 'in_review')).toEqual([]);
    expect(await entries([r1, r2, r3], 'resolved')).toEqual([]);
    // Any of the item's reports opens the same item.
    const viaLast = await detail(w, w.mod1, r3);
    expect([viaLast.id, viaLast.report_count, viaLast.snapshot]).toEqual([
      r1,
      3,
      { title: 'Gruppe', text: 'dritte Fassung', created_at: expect.any(String) },
    ]);
  });

  it('queue rule: reports of concern (self_harm) come first and are marked, then the item reported longest ago (by time, not by id)', async () => {
    const c1 = await reportPost(w, await authorPost(w, 'C1', 'null'), 'self_harm');
    const a = await reportPost(w, await authorPost(w, 'A', 'eins'));
    const b = await reportPost(w, await authorPost(w, 'B', 'zwei'), 'spam');
    const c2 = await reportPost(w, await authorPost(w, 'C2', 'drei'), 'self_harm');
    const now = Date.now();
    const at = async (id: number, ms: number) =>
      dbOf(w)
        .update(reports)
        .set({ createdAt: new Date(ms) })
        .where(eq(reports.id, id));
    await at(c1, now - 3_600_000);
    await at(a, now - 7_200_000);
    await at(b, now - 10_800_000);
    await at(c2, now);
    const listed = await entries([c1, a, b, c2]);
    expect(listed.map((i) => [i.id, i.concern, i.oldest_at])).toEqual([
      [c1, true, iso(new Date(now - 3_600_000))],
      [c2, true, iso(new Date(now))],
      [b, false, iso(new Date(now - 10_800_000))],
      [a, false, iso(new Date(now - 7_200_000))],
    ]);
    expect(listed[0]!.reasons).toEqual(['self_harm']);
  });

  it('queue rule: the excerpt is the title and the words joined by " — ", cut after 160 characters; a reply has no title, a profile shows nickname and text', async () => {
    const words = (n: number) => 'x'.repeat(n);
    const r160 = await reportPost(w, await postOf(w, w.author.id, 'T', words(156)));
    const r161 = await reportPost(w, await postOf(w, w.author.id, 'T', words(157)));
    const postId = await authorPost(w, 'Mit Antwort', 'Der Beitrag.');
    const reply = await call(w.t, 'POST', `/api/post/${postId}/comments`, {
      token: w.author.token,
      body: { comment: 'Nur eine Antwort' },
    });
    expect(reply.status, reply.text).toBe(201);
    const rComment = await reportAs(w, w.reporter, 'comment', reply.json.id as number, 'inappropriate');
    const silent = await newMember(w);
    const talking = await newMember(w, 'Ich erzähle gern.');
    const rSilent = await reportProfile(w, silent.id);
    const rTalking = await reportProfile(w, talking.id);
    const listed = await entries([r160, r161, rComment, rSilent, rTalking]);
    const excerpt = (id: number) => listed.find((i) => i.id === id)!.excerpt;
    expect(excerpt(r160)).toBe(`T — ${words(156)}`);
    expect(excerpt(r160)).toHaveLength(160);
    expect(excerpt(r161)).toBe(`T — ${words(156)}`);
    expect(excerpt(rSilent)).toBe(silent.nickname);
    expect(excerpt(rTalking)).toBe(`${talking.nickname} — Ich erzähle gern.`);
    expect(listed.find((i) => i.id === rComment)).toEqual({
      id: rComment,
      target_type: 'comment',
      target_id: reply.json.id,
      reasons: ['inappropriate'],
      concern: false,
      excerpt: 'Nur eine Antwort',
      report_count: 1,
      oldest_at: await oldestAt(rComment),
      status: 'open',
      assignee: null,
    });
  });

  it('queue rule: a decided item reported again is a new open entry; each decision is its own resolved entry; taking the new one leaves the decided reports alone; a decided report cannot be taken (409 conflict)', async () => {
    const postId = await authorPost(w, 'Wieder', 'Noch einmal gemeldet.');
    const r1 = await reportPost(w, postId, 'spam');
    expect(
      (await decide(w, w.mod1, r1, { decision: 'no_action', rule: 'spam', statement: 'Eins.' })).status,
    ).toBe(200);
    const r2 = await reportPost(w, postId, 'harassment');
    expect(
      (await decide(w, w.mod2, r2, { decision: 'no_action', rule: 'spam', statement: 'Zwei.' })).status,
    ).toBe(200);
    const r3 = await reportPost(w, postId, 'other');
    const item = async (id: number, reason: string, status: string, assignee: Staff | null) => ({
      id,
      target_type: 'post',
      target_id: postId,
      reasons: [reason],
      concern: false,
      excerpt: 'Wieder — Noch einmal gemeldet.',
      report_count: 1,
      oldest_at: await oldestAt(id),
      status,
      assignee: assignee && ref(assignee),
    });
    const resolved = [
      await item(r1, 'spam', 'resolved', w.mod1),
      await item(r2, 'harassment', 'resolved', w.mod2),
    ];
    expect(await entries([r1, r2, r3], 'resolved')).toEqual(resolved);
    expect(await entries([r1, r2, r3], 'open')).toEqual([await item(r3, 'other', 'open', null)]);
    // The decided item's detail holds its own reports only, and the open one's its own.
    const first = await detail(w, w.mod1, r1);
    expect(first.reports).toEqual([await reportEntry(r1, w.reporter)]);
    expect(first.decision).toEqual({
      decision: 'no_action',
      rule: 'spam',
      statement: 'Eins.',
      note: null,
      decided_by: ref(w.mod1),
      decided_at: iso((await decisionOf(w, r1)).createdAt),
    });
    expect((await detail(w, w.mod1, r3)).reports).toEqual([await reportEntry(r3, w.reporter)]);
    // A decided report is not taken again, even though its item has a new report.
    const again = await call(w.t, 'POST', `/api/admin/reports/${r1}/assign`, { token: w.mod2.token });
    expect([again.status, again.json]).toEqual([409, CONFLICT]);
    const taken = await call(w.t, 'POST', `/api/admin/reports/${r3}/assign`, { token: w.mod2.token });
    expect(taken.status, taken.text).toBe(200);
    expect(await entries([r1, r2, r3], 'resolved')).toEqual(resolved);
    expect(await entries([r1, r2, r3], 'in_review')).toEqual([await item(r3, 'other', 'in_review', w.mod2)]);
  });
});

describe('an item’s detail', () => {
  it('detail rule: a post: its words as reported, its author, no context, every report with reason, details and reporter (an erased reporter without a name), no decision yet; an unknown id is 404', async () => {
    const postId = await authorPost(w, 'Detail', 'Worte im Detail');
    const r1 = await reportPost(w, postId, 'harassment', 'Sie schreibt das ständig.');
    const erased = await newMember(w);
    await dbOf(w).update(users).set({ deletedAt: new Date() }).where(eq(users.id, erased.id));
    const r2 = await insertReport(w, {
      reporterId: erased.id,
      targetType: 'post',
      targetId: postId,
      reason: 'inappropriate',
      snapshot: (await reportRow(w, r1)).snapshot,
    });
    const [post] = await dbOf(w).select().from(posts).where(eq(posts.id, postId));
    expect(await detail(w, w.mod1, r1)).toEqual({
      id: r1,
      target_type: 'post',
      target_id: postId,
      reasons: ['harassment', 'inappropriate'],
      concern: false,
      excerpt: 'Detail — Worte im Detail',
      report_count: 2,
      oldest_at: await oldestAt(r1),
      status: 'open',
      assignee: null,
      snapshot: { title: 'Detail', text: 'Worte im Detail', created_at: iso(post!.createdAt) },
      author: ref(w.author),
      context: [],
      reports: [
        await reportEntry(r1, w.reporter),
        { ...(await reportEntry(r2, null)), reporter: { id: erased.id, nickname: '' } },
      ],
      decision: null,
    });
    const unknown = await call(w.t, 'GET', '/api/admin/reports/987654321', { token: w.mod1.token });
    expect([unknown.status, unknown.json]).toEqual([404, NOT_FOUND]);
  });

  it('detail rule: a chat message: target chat_message, the messages before it as context (oldest first), then the reported one, marked', async () => {
    const sender = await newMember(w);
    const chat = await chatWithReporter(w, sender);
    const t0 = Date.now() - 60_000;
    const m1 = await sendMessage(w, chat, sender.id, w.reporter.id, 'Hallo du', new Date(t0));
    const m2 = await sendMessage(w, chat, w.reporter.id, sender.id, 'Was willst du?', new Date(t0 + 1000));
    const m3 = await sendMessage(
      w,
      chat,
      sender.id,
      w.reporter.id,
      'Du bist das Letzte',
      new Date(t0 + 2000),
    );
    const r = await reportMessage(w, m3.id);
    expect(await detail(w, w.mod1, r)).toEqual({
      id: r,
      target_type: 'chat_message',
      target_id: m3.id,
      reasons: ['harassment'],
      concern: false,
      excerpt: 'Du bist das Letzte',
      report_count: 1,
      oldest_at: await oldestAt(r),
      status: 'open',
      assignee: null,
      snapshot: { title: null, text: 'Du bist das Letzte', created_at: iso(m3.sendAt) },
      author: ref(sender),
      context: [
        { author_nickname: sender.nickname, text: 'Hallo du', created_at: iso(m1.sendAt), reported: false },
        {
          author_nickname: w.reporter.nickname,
          text: 'Was willst du?',
          created_at: iso(m2.sendAt),
          reported: false,
        },
        {
          author_nickname: sender.nickname,
          text: 'Du bist das Letzte',
          created_at: iso(m3.sendAt),
          reported: true,
        },
      ],
      reports: [await reportEntry(r, w.reporter)],
      decision: null,
    });
  });

  it('detail rule: a context line names its author even when nobody else in the item is them; lines and messages of no known author name nobody', async () => {
    const third = await newMember(w);
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, s)).toISOString();
    const r = await insertReport(w, {
      reporterId: null,
      targetType: 'message',
      targetId: 987_654_321,
      reason: 'spam',
      snapshot: {
        message: 'Kauf das hier',
        author_id: null,
        created_at: at(3),
        context: [
          { id: 1, author_id: third.id, created_at: at(1), message: 'Wer bist du?' },
          { id: 2, author_id: null, created_at: at(2), message: 'Schau mal' },
        ],
      },
    });
    const item = await detail(w, w.mod1, r);
    expect([item.author, item.context, item.reports]).toEqual([
      null,
      [
        { author_nickname: third.nickname, text: 'Wer bist du?', created_at: at(1), reported: false },
        { author_nickname: null, text: 'Schau mal', created_at: at(2), reported: false },
        { author_nickname: null, text: 'Kauf das hier', created_at: at(3), reported: true },
      ],
      [await reportEntry(r, null)],
    ]);
    // Without an author nothing but "no action" can be decided; that goes, and no reporter is told.
    const removed = await decide(w, w.mod1, r, {
      decision: 'content_removed',
      rule: 'spam',
      statement: 'Weg.',
    });
    expect([removed.status, removed.json]).toEqual([409, CONFLICT]);
    const none = await decide(w, w.mod1, r, { decision: 'no_action', rule: 'spam', statement: 'Nichts.' });
    expect(none.status, none.text).toBe(200);
    expect(await decisionOf(w, r)).toMatchObject({
      memberId: null,
      content: 'Kauf das hier',
      targetType: 'message',
    });
  });

  it('detail rule: a profile shows the member’s current nickname and text and when they joined; an id that is no account shows nothing (now, no author)', async () => {
    const member = await newMember(w, 'Ich verkaufe hier Dinge.');
    const r = await reportProfile(w, member.id);
    expect(await detail(w, w.mod1, r)).toEqual({
      id: r,
      target_type: 'profile',
      target_id: member.id,
      reasons: ['fake_profile'],
      concern: false,
      excerpt: `${member.nickname} — Ich verkaufe hier Dinge.`,
      report_count: 1,
      oldest_at: await oldestAt(r),
      status: 'open',
      assignee: null,
      snapshot: {
        title: member.nickname,
        text: 'Ich verkaufe hier Dinge.',
        created_at: iso((await userRow(w, member.id)).createdAt),
      },
      author: ref(member),
      context: [],
      reports: [await reportEntry(r, w.reporter)],
      decision: null,
    });
    const nobody = await reportProfile(w, 912_345_678);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const item = await detail(w, w.mod1, nobody);
    expect([item.excerpt, item.snapshot, item.author]).toEqual([
      '',
      { title: null, text: '', created_at: iso(now) },
      null,
    ]);
  });

  it('detail rule: an item that never existed shows no words (created 1970, no author); one gone since the report keeps its words for the decision', async () => {
    const missing = await reportPost(w, 923_456_789);
    const item = await detail(w, w.mod1, missing);
    expect([item.excerpt, item.snapshot, item.author, item.context]).toEqual([
      '',
      { title: null, text: '', created_at: '1970-01-01T00:00:00.000Z' },
      null,
      [],
    ]);
    const removing = await decide(w, w.mod1, missing, {
      decision: 'content_removed',
      rule: 'spam',
      statement: 'X.',
    });
    expect([removing.status, removing.json]).toEqual([409, CONFLICT]);
    expect(
      (await decide(w, w.mod1, missing, { decision: 'no_action', rule: 'spam', statement: 'Leer.' })).status,
    ).toBe(200);
    expect(await decisionOf(w, missing)).toMatchObject({ memberId: null, content: null });
    const missingReply = await reportAs(w, w.reporter, 'comment', 923_456_790, 'spam');
    expect(
      (await decide(w, w.mod1, missingReply, { decision: 'no_action', rule: 'spam', statement: 'Leer.' }))
        .status,
    ).toBe(200);
    expect(await decisionOf(w, missingReply)).toMatchObject({ memberId: null, content: null });
    // Gone since the report: the reported words are what the decision keeps.
    const postId = await authorPost(w, 'Verschwunden', 'Gleich weg');
    const rPost = await reportPost(w, postId);
    const reply = await call(w.t, 'POST', `/api/post/${await authorPost(w, 'Bleibt', 'Hier')}/comments`, {
      token: w.author.token,
      body: { comment: 'Antwort gleich weg' },
    });
    const rReply = await reportAs(w, w.reporter, 'comment', reply.json.id as number);
    await dbOf(w).delete(posts).where(eq(posts.id, postId));
    await dbOf(w)
      .delete(comments)
      .where(eq(comments.id, reply.json.id as number));
    for (const r of [rPost, rReply])
      expect(
        (await decide(w, w.mod1, r, { decision: 'no_action', rule: 'spam', statement: 'Weg.' })).status,
      ).toBe(200);
    expect((await decisionOf(w, rPost)).content).toBe('Gleich weg');
    expect((await decisionOf(w, rReply)).content).toBe('Antwort gleich weg');
  });
});

describe('taking an item', () => {
  it('take rule: open → in review for me, every report of the item, one audit row; another moderator gets 409 report_taken and writes nothing; I may take it again', async () => {
    const postId = await authorPost(w, 'Nehmen', 'Zu nehmen');
    const r1 = await reportPost(w, postId, 'spam');
    const r2 = await reportPost(w, postId, 'harassment');
    const before = await lastAuditId(w);
    const taken = await call(w.t, 'POST', `/api/admin/reports/${r1}/assign`, { token: w.mod1.token });
    expect(taken.status, taken.text).toBe(200);
    const [post] = await dbOf(w).select().from(posts).where(eq(posts.id, postId));
    expect(taken.json).toEqual({
      id: r1,
      target_type: 'post',
      target_id: postId,
      reasons: ['spam', 'harassment'],
      concern: false,
      excerpt: 'Nehmen — Zu nehmen',
      report_count: 2,
      oldest_at: await oldestAt(r1),
      status: 'in_review',
      assignee: ref(w.mod1),
      snapshot: { title: 'Nehmen', text: 'Zu nehmen', created_at: iso(post!.createdAt) },
      author: ref(w.author),
      context: [],
      reports: [await reportEntry(r1, w.reporter), await reportEntry(r2, w.reporter)],
      decision: null,
    });
    expect((await reportRow(w, r2)).assigneeId).toBe(w.mod1.id);
    expect(await auditAfter(w, before)).toEqual([
      {
        actorId: w.mod1.id,
        action: 'report.assigned',
        targetType: 'report',
        targetId: r1,
        targetLabel: null,
        reason: null,
      },
    ]);
    expect(await entries([r1, r2], 'open')).toEqual([]);
    expect((await entries([r1, r2], 'in_review')).map((i) => [i.id, i.status, i.assignee])).toEqual([
      [r1, 'in_review', ref(w.mod1)],
    ]);
    const stolen = await call(w.t, 'POST', `/api/admin/reports/${r1}/assign`, { token: w.mod2.token });
    expect([stolen.status, stolen.json]).toEqual([409, TAKEN]);
    expect(await auditAfter(w, before)).toHaveLength(1);
    const mine = await call(w.t, 'POST', `/api/admin/reports/${r2}/assign`, { token: w.mod1.token });
    expect([mine.status, mine.json.status, mine.json.assignee]).toEqual([200, 'in_review', ref(w.mod1)]);
    expect((await auditAfter(w, before)).map((a) => [a.action, a.targetId])).toEqual([
      ['report.assigned', r1],
      ['report.assigned', r2],
    ]);
    const unknown = await call(w.t, 'POST', '/api/admin/reports/987654321/assign', { token: w.mod1.token });
    expect([unknown.status, unknown.json]).toEqual([404, NOT_FOUND]);
  });

  it('take rule: an item taken by one moderator stays theirs when it is reported again: the new report joins the review, another moderator can neither take nor decide it through that report (409 report_taken)', async () => {
    const postId = await authorPost(w, 'Genommen', 'Schon vergeben');
    const r1 = await reportPost(w, postId);
    expect((await call(w.t, 'POST', `/api/admin/reports/${r1}/assign`, { token: w.mod1.token })).status).toBe(
      200,
    );
    const r2 = await reportPost(w, postId, 'spam');
    expect(await entries([r1, r2], 'open')).toEqual([]);
    expect(await entries([r1, r2], 'in_review')).toEqual([
      expect.objectContaining({ id: r1, report_count: 2, status: 'in_review', assignee: ref(w.mod1) }),
    ]);
    const stolen = await call(w.t, 'POST', `/api/admin/reports/${r2}/assign`, { token: w.mod2.token });
    expect([stolen.status, stolen.json]).toEqual([409, TAKEN]);
    const decidedByOther = await call(w.t, 'POST', `/api/admin/reports/${r2}/decision`, {
      token: w.mod2.token,
      body: { decision: 'no_action', rule: 'other', statement: 'Nichts.' },
    });
    expect([decidedByOther.status, decidedByOther.json]).toEqual([409, TAKEN]);
    const mine = await call(w.t, 'POST', `/api/admin/reports/${r2}/assign`, { token: w.mod1.token });
    expect(mine.status).toBe(200);
    expect((await reportRow(w, r2)).assigneeId).toBe(w.mod1.id);
  });
});

describe('a report about a moderator', () => {
  it('own case rule: a report about a moderator’s profile, post or chat message: they may neither take nor decide it (403 report_about_self, in German and English, nothing written); a colleague takes and decides it', async () => {
    const mod1 = w.mod1 as unknown as Member;
    const postId = await postOf(w, mod1.id, 'Vom Moderator', 'Eigene Worte');
    const chatId = await chatWithReporter(w, mod1);
    const message = await sendMessage(w, chatId, mod1.id, w.reporter.id, 'Eine eigene Nachricht');
    const noAction = { decision: 'no_action', rule: 'other', statement: 'Nichts zu tun.' } as const;
    for (const reportId of [
      await reportProfile(w, mod1.id),
      await reportPost(w, postId),
      await reportMessage(w, message.id),
    ]) {
      const before = await lastAuditId(w);
      for (const locale of ['de', 'en'] as const) {
        const take = await call(w.t, 'POST', `/api/admin/reports/${reportId}/assign`, {
          token: w.mod1.token,
          locale,
        });
        const decideIt = await call(w.t, 'POST', `/api/admin/reports/${reportId}/decision`, {
          token: w.mod1.token,
          locale,
          body: noAction,
        });
        const refused = error('report_about_self', OWN_CASE[locale]);
        expect([take.status, take.json]).toEqual([403, refused]);
        expect([decideIt.status, decideIt.json]).toEqual([403, refused]);
      }
      expect(await reportRow(w, reportId)).toMatchObject({
        status: 'open',
        assigneeId: null,
        decisionId: null,
      });
      expect(await auditAfter(w, before)).toEqual([]);
      const taken = await call(w.t, 'POST', `/api/admin/reports/${reportId}/assign`, { token: w.mod2.token });
      expect([taken.status, taken.json.assignee]).toEqual([200, ref(w.mod2)]);
      const byColleague = await decide(w, w.mod2, reportId, noAction);
      expect([byColleague.status, byColleague.json.status]).toEqual([200, 'resolved']);
    }
    // The words of someone else stay theirs to decide: the same moderator takes a report about the author.
    const other = await reportPost(w, await authorPost(w, 'Von der Autorin', 'Nicht meine Worte'));
    const mine = await call(w.t, 'POST', `/api/admin/reports/${other}/assign`, { token: w.mod1.token });
    expect(mine.status).toBe(200);
  });
});

describe('deciding a report', () => {
  it('decision rule: no action: the item stays, the author gets no notice (nothing to contest), every reporter learns it once (for their last report), one audit row', async () => {
    const postId = await authorPost(w, 'Ruhig', 'Ein ganz normaler Beitrag.');
    const r1 = await reportPost(w, postId, 'spam');
    const r2 = await reportPost(w, postId, 'other');
    const other = await newMember(w);
    const snapshot = (await reportRow(w, r1)).snapshot;
    const rOther = await insertReport(w, {
      reporterId: other.id,
      targetType: 'post',
      targetId: postId,
      reason: 'spam',
      snapshot,
    });
    const rErased = await insertReport(w, {
      reporterId: null,
      targetType: 'post',
      targetId: postId,
      reason: 'inappropriate',
      snapshot,
    });
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const res = await decide(w, w.mod1, r1, {
      decision: 'no_action',
      rule: 'other',
      statement: 'Kein Verstoß erkennbar.',
      note: '',
    });
    expect(res.status, res.text).toBe(200);
    const d = await decisionOf(w, r1);
    const [post] = await dbOf(w).select().from(posts).where(eq(posts.id, postId));
    expect(res.json).toEqual({
      id: r1,
      target_type: 'post',
      target_id: postId,
      reasons: ['spam', 'other', 'inappropriate'],
      concern: false,
      excerpt: 'Ruhig — Ein ganz normaler Beitrag.',
      report_count: 4,
      oldest_at: await oldestAt(r1),
      status: 'resolved',
      assignee: ref(w.mod1),
      snapshot: { title: 'Ruhig', text: 'Ein ganz normaler Beitrag.', created_at: iso(post!.createdAt) },
      author: ref(w.author),
      context: [],
      reports: [
        await reportEntry(r1, w.reporter),
        await reportEntry(r2, w.reporter),
        await reportEntry(rOther, other),
        await reportEntry(rErased, null),
      ],
      decision: {
        decision: 'no_action',
        rule: 'other',
        statement: 'Kein Verstoß erkennbar.',
        note: null,
        decided_by: ref(w.mod1),
        decided_at: iso(d.createdAt),
      },
    });
    expect(d).toEqual({
      id: d.id,
      targetType: 'post',
      targetId: postId,
      memberId: w.author.id,
      decision: 'no_action',
      rule: 'other',
      statement: 'Kein Verstoß erkennbar.',
      note: null,
      content: 'Ruhig\n\nEin ganz normaler Beitrag.',
      until: null,
      decidedBy: w.mod1.id,
      createdAt: d.createdAt,
      reversedAt: null,
    });
    for (const r of [r1, r2, rOther, rErased])
      expect(await reportRow(w, r)).toMatchObject({
        status: 'resolved',
        decisionId: d.id,
        assigneeId: w.mod1.id,
      });
    expect(await auditAfter(w, before)).toEqual([
      {
        actorId: w.mod1.id,
        action: 'report.no_action',
        targetType: 'report',
        targetId: r1,
        targetLabel: `post:${postId}`,
        reason: 'Kein Verstoß erkennbar.',
      },
    ]);
    const told = (await notificationsOf(w, [w.reporter.id, other.id], 'report_decided')).filter((n) =>
      [r1, r2, rOther, rErased].some((r) => n.key === `report:${r}`),
    );
    expect(told).toEqual([
      { userId: w.reporter.id, kind: 'report_decided', key: `report:${r2}` },
      { userId: other.id, kind: 'report_decided', key: `report:${rOther}` },
    ]);
    expect(mailsSince(mails)).toEqual([]);
    expect(await notificationsOf(w, [w.author.id], 'moderation')).not.toContainEqual(
      expect.objectContaining({ key: `notice:${d.id}` }),
    );
    expect(await noticeOf(w.author, d.id)).toBeUndefined();
    const contest = await appeal(w, w.author, d.id);
    expect([contest.status, contest.json]).toEqual([409, NOT_APPEALABLE]);
    expect(await postSeenBy(w.reporter, postId)).toEqual({
      state: 'visible',
      title: 'Ruhig',
      message: 'Ein ganz normaler Beitrag.',
      notice_id: null,
    });
    expect([announced(), endedLive()]).toEqual([[], []]);
  });

  it('decision rule: content removed (post): others see it removed, the author their words and the notice; the statement of reasons is mailed without the post’s words; one audit row', async () => {
    const postId = await authorPost(w, 'Wut', 'Ihr seid alle gleich schlimm.');
    const r = await reportPost(w, postId);
    expect((await call(w.t, 'POST', `/api/admin/reports/${r}/assign`, { token: w.mod1.token })).status).toBe(
      200,
    );
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const statement = 'Der Beitrag greift andere Mitglieder an.';
    const res = await decide(w, w.mod1, r, {
      decision: 'content_removed',
      rule: 'harassment',
      statement,
      note: 'intern: zweite Meldung',
    });
    expect(res.status, res.text).toBe(200);
    const d = await decisionOf(w, r);
    expect([res.json.status, res.json.assignee, res.json.decision]).toEqual([
      'resolved',
      ref(w.mod1),
      {
        decision: 'content_removed',
        rule: 'harassment',
        statement,
        note: 'intern: zweite Meldung',
        decided_by: ref(w.mod1),
        decided_at: iso(d.createdAt),
      },
    ]);
    expect(await postSeenBy(w.reporter, postId)).toEqual({
      state: 'removed',
      title: '',
      message: '',
      notice_id: null,
    });
    expect(await postSeenBy(w.author, postId)).toEqual({
      state: 'removed',
      title: 'Wut',
      message: 'Ihr seid alle gleich schlimm.',
      notice_id: d.id,
    });
    expect(await postRemoved(postId)).toEqual({ removed: true, by: d.id });
    expect(await auditAfter(w, before)).toEqual([
      {
        actorId: w.mod1.id,
        action: 'report.content_removed',
        targetType: 'report',
        targetId: r,
        targetLabel: `post:${postId}`,
        reason: statement,
      },
    ]);
    expect(mailsSince(mails)).toEqual([
      noticeMail(w.author, d, {
        decision: 'Inhalt entfernt',
        target: 'dein Beitrag in einer Gruppe',
        rule: 'Keine Belästigung',
      }),
    ]);
    expect(w.mails.at(-1)!.text).not.toContain('Ihr seid alle');
    expect(
      (await notificationsOf(w, [w.author.id], 'moderation')).filter((n) => n.key === `notice:${d.id}`),
    ).toEqual([{ userId: w.author.id, kind: 'moderation', key: `notice:${d.id}` }]);
    expect(await noticeOf(w.author, d.id)).toEqual({
      id: d.id,
      target_type: 'post',
      decision: 'content_removed',
      rule: 'harassment',
      statement,
      content: 'Wut\n\nIhr seid alle gleich schlimm.',
      until: null,
      created_at: iso(d.createdAt),
      appealable_until: iso(appealableUntil(d)),
      appeal: null,
    });
    expect(await noticeOf(w.reporter, d.id)).toBeUndefined();
    expect(
      (await notificationsOf(w, [w.reporter.id], 'report_decided')).filter((n) => n.key === `report:${r}`),
    ).toHaveLength(1);
    expect([announced(), endedLive()]).toEqual([[], []]);
  });

  it('decision rule: a warning: the item stays visible, nothing is suspended, the author is mailed the warning (no suspension sentence); decided without taking it first', async () => {
    const postId = await authorPost(w, 'Ton', 'Das war unfreundlich.');
    const r = await reportPost(w, postId, 'inappropriate');
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const res = await decide(w, w.mod2, r, {
      decision: 'member_warned',
      rule: 'respect',
      statement: 'Bitte freundlich bleiben.',
    });
    expect(res.status, res.text).toBe(200);
    expect([res.json.status, res.json.assignee]).toEqual(['resolved', ref(w.mod2)]);
    const d = await decisionOf(w, r);
    expect(await postRemoved(postId)).toEqual({ removed: false, by: null });
    expect(await postSeenBy(w.reporter, postId)).toMatchObject({
      state: 'visible',
      message: 'Das war unfreundlich.',
    });
    expect(await dbOf(w).select().from(suspensions).where(eq(suspensions.decisionId, d.id))).toEqual([]);
    expect(mailsSince(mails)).toEqual([
      noticeMail(w.author, d, {
        decision: 'Verwarnung',
        target: 'dein Beitrag in einer Gruppe',
        rule: 'Respektvoller Umgang',
      }),
    ]);
    expect(await auditAfter(w, before)).toEqual([
      {
        actorId: w.mod2.id,
        action: 'report.member_warned',
        targetType: 'report',
        targetId: r,
        targetLabel: `post:${postId}`,
        reason: 'Bitte freundlich bleiben.',
      },
    ]);
    expect(await noticeOf(w.author, d.id)).toMatchObject({
      decision: 'member_warned',
      until: null,
      content: 'Ton\n\nDas war unfreundlich.',
    });
    expect([announced(), endedLive()]).toEqual([[], []]);
  });

  it('decision rule: a suspension until the end of the given day: sessions end, sockets close, sign-in refused with the end; the mail names the end; the item stays; reversed on appeal, the suspension is lifted', async () => {
    const member = await newMember(w);
    const postId = await postOf(w, member.id, 'Drohung', 'Ich finde dich.');
    const r = await reportPost(w, postId);
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const until = new Date(`${day}T23:59:59+01:00`);
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const res = await decide(w, w.mod1, r, {
      decision: 'member_suspended',
      rule: 'harassment',
      statement: 'Drohungen gegen andere.',
      until: day,
    });
    expect(res.status, res.text).toBe(200);
    const d = await decisionOf(w, r);
    expect([d.until, d.memberId, d.decision]).toEqual([until, member.id, 'member_suspended']);
    const held = await dbOf(w).select().from(suspensions).where(eq(suspensions.userId, member.id));
    expect(held.map(({ id: _i, createdAt: _c, ...s }) => s)).toEqual([
      {
        userId: member.id,
        reasonCode: 'harassment',
        until,
        decisionId: d.id,
        createdBy: w.mod1.id,
        liftedAt: null,
      },
    ]);
    const ended = await dbOf(w).select().from(sessions).where(eq(sessions.userId, member.id));
    expect(ended.map((s) => [s.revokedAt !== null, s.revokedReason])).toEqual([[true, 'suspended']]);
    expect((await call(w.t, 'GET', '/api/moderation/notices', { token: member.token })).status).toBe(401);
    expect(endedLive()).toEqual([member.id]);
    expect(announced()).toEqual([]);
    expect(await postRemoved(postId)).toEqual({ removed: false, by: null });
    const mail = noticeMail(member, d, {
      decision: 'Konto vorübergehend gesperrt',
      target: 'dein Beitrag in einer Gruppe',
      rule: 'Keine Belästigung',
      until,
    });
    expect(mailsSince(mails)).toEqual([mail]);
    expect(await auditAfter(w, before)).toEqual([
      {
        actorId: w.mod1.id,
        action: 'report.member_suspended',
        targetType: 'report',
        targetId: r,
        targetLabel: `post:${postId}`,
        reason: 'Drohungen gegen andere.',
      },
    ]);
    const login = () =>
      call(w.t, 'POST', '/api/auth/tokens', { body: { username: member.email, password: strongPassword } });
    const refused = await login();
    expect([refused.status, refused.json.code, refused.json.until]).toEqual([
      403,
      'account_suspended',
      iso(until),
    ]);
    // The member contests through the signed link of the mail (no sign-in) and another moderator reverses.
    const link = new URL(mail.text.match(/https?:\/\/\S+\/appeal\?\S+/)![0]);
    const contest = await call(w.t, 'POST', `/api/moderation/notice-links/${d.id}/appeal${link.search}`, {
      body: { text: 'Das war ein Missverständnis unter Freunden.' },
    });
    expect(contest.status, contest.text).toBe(201);
    const reversed = await decideAppeal(w, w.mod2, contest.json.id as number, 'reversed', 'Keine Drohung.');
    expect(reversed.status, reversed.text).toBe(200);
    const [lifted] = await dbOf(w).select().from(suspensions).where(eq(suspensions.userId, member.id));
    expect(lifted!.liftedAt).not.toBeNull();
    expect((await decisionRow(w, d.id)).reversedAt).not.toBeNull();
    expect((await login()).status).toBe(200);
  });

  it('suspension rule: the end is the given day at 23:59:59 +01:00 and must lie in the future (that very second is too late); missing or no date: 422 until invalid', () => {
    const invalid = (day: string | undefined) => {
      try {
        suspensionEnd(day);
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        return [(e as AppError).code, (e as AppError).fieldErrors];
      }
      return 'accepted';
    };
    const refused = ['validation_failed', { until: ['invalid'] }];
    const end = Date.parse('2030-03-10T22:59:59.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(end - 1);
    expect(suspensionEnd('2030-03-10')).toEqual(new Date(end));
    expect(suspensionEnd('2030-03-11')).toEqual(new Date('2030-03-11T22:59:59.000Z'));
    vi.setSystemTime(end);
    expect(invalid('2030-03-10')).toEqual(refused);
    expect(invalid('2030-03-09')).toEqual(refused);
    expect(suspensionEnd('2030-03-11').getTime()).toBe(end + 86_400_000);
    for (const day of [undefined, '', 'bald', '2030-13-45'])
      expect(invalid(day), String(day)).toEqual(refused);
  });

  it('suspension rule: a day in the past is refused (422 until) and nothing is decided', async () => {
    const r = await reportPost(w, await authorPost(w, 'Früher', 'Schon vorbei'));
    const before = await lastAuditId(w);
    const res = await decide(w, w.mod1, r, {
      decision: 'member_suspended',
      rule: 'harassment',
      statement: 'Sperre.',
      until: '2001-01-01',
    });
    expect([res.status, res.json.code, Object.keys(res.json.errors as Json)]).toEqual([
      422,
      'validation_failed',
      ['until'],
    ]);
    expect(await auditAfter(w, before)).toEqual([]);
    expect(await reportRow(w, r)).toMatchObject({ status: 'open', decisionId: null });
  });

  it('decision rule: an item another moderator has taken: 409 report_taken, nothing decided; the one who took it decides; a decided report: 409 conflict, whatever is asked', async () => {
    const postId = await authorPost(w, 'Vergeben', 'Schon in Arbeit');
    const r = await reportPost(w, postId);
    expect((await call(w.t, 'POST', `/api/admin/reports/${r}/assign`, { token: w.mod1.token })).status).toBe(
      200,
    );
    const before = await lastAuditId(w);
    const warn = { decision: 'member_warned', rule: 'respect', statement: 'Achtung.' } as const;
    const other = await decide(w, w.mod2, r, warn);
    expect([other.status, other.json]).toEqual([409, TAKEN]);
    expect(await reportRow(w, r)).toMatchObject({ status: 'in_review', decisionId: null });
    expect(await auditAfter(w, before)).toEqual([]);
    expect((await decide(w, w.mod1, r, warn)).status).toBe(200);
    const d = await decisionOf(w, r);
    for (const [staff, body] of [
      [w.mod2, warn],
      [w.mod1, { decision: 'no_action', rule: 'other', statement: 'Doch nichts.' }],
      [w.mod1, { decision: 'member_suspended', rule: 'respect', statement: 'Sperre.', until: '2001-01-01' }],
    ] as const) {
      const again = await decide(w, staff, r, body);
      expect([again.status, again.json], JSON.stringify(body)).toEqual([409, CONFLICT]);
    }
    expect(await auditAfter(w, before)).toHaveLength(1);
    expect((await reportRow(w, r)).decisionId).toBe(d.id);
    expect(await postRemoved(postId)).toEqual({ removed: false, by: null });
  });

  it('decision rule: an item whose author is gone allows nothing but "no action" (409 conflict, nothing written)', async () => {
    const postId = await authorPost(w, 'Ohne', 'Autorin gelöscht');
    const r = await reportPost(w, postId);
    await dbOf(w).update(posts).set({ authorId: null }).where(eq(posts.id, postId));
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    for (const decision of ['content_removed', 'member_warned'] as const) {
      const res = await decide(w, w.mod1, r, { decision, rule: 'spam', statement: 'Weg damit.' });
      expect([res.status, res.json]).toEqual([409, CONFLICT]);
    }
    expect(await reportRow(w, r)).toMatchObject({ status: 'open', decisionId: null });
    expect(
      await dbOf(w).select().from(moderationDecisions).where(eq(moderationDecisions.targetId, postId)),
    ).toEqual([]);
    expect(await auditAfter(w, before)).toEqual([]);
    expect(await postRemoved(postId)).toEqual({ removed: false, by: null });
    const none = await decide(w, w.mod1, r, {
      decision: 'no_action',
      rule: 'spam',
      statement: 'Nichts zu tun.',
    });
    expect(none.status, none.text).toBe(200);
    // The detail still names who wrote it as reported.
    expect(none.json.author).toEqual(ref(w.author));
    expect(await decisionOf(w, r)).toMatchObject({ memberId: null, content: 'Ohne\n\nAutorin gelöscht' });
    expect(mailsSince(mails)).toEqual([]);
  });

  it('decision rule: a removed reply: others see it removed, the author their words (as they are now) and the notice; the post stays; reversed, the reply is back', async () => {
    const postId = await authorPost(w, 'Mit Antwort', 'Der Beitrag bleibt.');
    const reply = await call(w.t, 'POST', `/api/post/${postId}/comments`, {
      token: w.author.token,
      body: { comment: 'Eine gemeine Antwort' },
    });
    const commentId = reply.json.id as number;
    const r = await reportAs(w, w.reporter, 'comment', commentId);
    await dbOf(w)
      .update(comments)
      .set({ message: 'Eine bearbeitete Antwort' })
      .where(eq(comments.id, commentId));
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const d = await decided(w, w.mod1, r, {
      decision: 'content_removed',
      rule: 'respect',
      statement: 'Abwertend.',
    });
    const seen = async (m: Member) => {
      const res = await call(w.t, 'GET', `/api/post/${postId}/comments`, { token: m.token });
      const c = (res.json.data as Json[]).find((x) => x.id === commentId)!;
      return [c.state, c.message, c.notice_id];
    };
    expect(await seen(w.reporter)).toEqual(['removed', '', null]);
    expect(await seen(w.author)).toEqual(['removed', 'Eine bearbeitete Antwort', d.id]);
    expect((await postSeenBy(w.reporter, postId)).state).toBe('visible');
    expect(await noticeOf(w.author, d.id)).toMatchObject({
      target_type: 'comment',
      content: 'Eine bearbeitete Antwort',
    });
    expect(mailsSince(mails)).toEqual([
      noticeMail(w.author, d, {
        decision: 'Inhalt entfernt',
        target: 'deine Antwort in einer Gruppe',
        rule: 'Respektvoller Umgang',
      }),
    ]);
    expect((await auditAfter(w, before)).map((a) => a.targetLabel)).toEqual([`comment:${commentId}`]);
    expect(announced()).toEqual([]);
    await appealDecidedBySecond(w, w.author, d.id, 'reversed', 'Doch in Ordnung.');
    expect(await seen(w.reporter)).toEqual(['visible', 'Eine bearbeitete Antwort', null]);
    expect(await commentRow(w, commentId)).toMatchObject({ removedAt: null, removedDecisionId: null });
    expect(announced()).toEqual([]);
  });

  it('decision rule: a removed chat message: removed for the recipient, the conversation is told; its words as they are now (or as reported, once the sender deleted them); reversed, it is back and told again; upheld, nothing changes', async () => {
    const sender = await newMember(w);
    const chat = await chatWithReporter(w, sender);
    const m = await sendMessage(w, chat, sender.id, w.reporter.id, 'Böse Nachricht');
    const r = await reportMessage(w, m.id);
    await dbOf(w).update(messages).set({ body: 'Böse Nachricht, bearbeitet' }).where(eq(messages.id, m.id));
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const d = await decided(w, w.mod1, r, {
      decision: 'content_removed',
      rule: 'harassment',
      statement: 'Beleidigend.',
    });
    expect(await messageRow(w, m.id)).toMatchObject({
      removedDecisionId: d.id,
      body: 'Böse Nachricht, bearbeitet',
    });
    expect((await messageRow(w, m.id)).removedAt).not.toBeNull();
    expect(announced()).toEqual([m.id]);
    expect(await noticeOf(sender, d.id)).toMatchObject({
      target_type: 'chat_message',
      content: 'Böse Nachricht, bearbeitet',
    });
    expect(mailsSince(mails)).toEqual([
      noticeMail(sender, d, {
        decision: 'Inhalt entfernt',
        target: 'eine deiner Chat-Nachrichten',
        rule: 'Keine Belästigung',
      }),
    ]);
    expect((await auditAfter(w, before)).map((a) => [a.action, a.targetLabel])).toEqual([
      ['report.content_removed', `chat_message:${m.id}`],
    ]);
    await appealDecidedBySecond(w, sender, d.id, 'reversed', 'War ein Zitat.');
    expect(await messageRow(w, m.id)).toMatchObject({ removedAt: null, removedDecisionId: null });
    expect(announced()).toEqual([m.id, m.id]);

    const gone = await sendMessage(w, chat, sender.id, w.reporter.id, 'Gleich gelöscht');
    const rGone = await reportMessage(w, gone.id);
    await dbOf(w).update(messages).set({ body: '', deletedAt: new Date() }).where(eq(messages.id, gone.id));
    const dGone = await decided(w, w.mod1, rGone, {
      decision: 'content_removed',
      rule: 'harassment',
      statement: 'Auch das.',
    });
    expect(dGone.content).toBe('Gleich gelöscht');
    vi.mocked(announceModeratedMessage).mockClear();
    await appealDecidedBySecond(w, sender, dGone.id, 'upheld', 'Bleibt entfernt.');
    expect(announced()).toEqual([]);
    expect((await messageRow(w, gone.id)).removedDecisionId).toBe(dGone.id);

    const warned = await sendMessage(w, chat, sender.id, w.reporter.id, 'Nur eine Verwarnung');
    const dWarned = await decided(w, w.mod1, await reportMessage(w, warned.id), {
      decision: 'member_warned',
      rule: 'respect',
      statement: 'Ton.',
    });
    expect(announced()).toEqual([]);
    expect((await messageRow(w, warned.id)).removedAt).toBeNull();
    // A warning reversed changes nothing in the conversation: nothing to tell it.
    await appealDecidedBySecond(w, sender, dWarned.id, 'reversed', 'Ton war ok.');
    expect(announced()).toEqual([]);
  });

  it('decision rule: a removed profile text is emptied and kept in the notice; reversed, it is put back; reversing a warning leaves the profile text as the member has it now', async () => {
    const member = await newMember(w, 'Kaufe günstig bei mir!');
    const r = await reportProfile(w, member.id, 'spam');
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const d = await decided(w, w.mod1, r, {
      decision: 'content_removed',
      rule: 'spam',
      statement: 'Werbung.',
    });
    expect((await userRow(w, member.id)).about).toBeNull();
    expect(await noticeOf(member, d.id)).toMatchObject({
      target_type: 'profile',
      content: 'Kaufe günstig bei mir!',
    });
    expect(mailsSince(mails)).toEqual([
      noticeMail(member, d, {
        decision: 'Inhalt entfernt',
        target: 'dein Profiltext',
        rule: 'Keine Werbung und kein Spam',
      }),
    ]);
    expect((await auditAfter(w, before)).map((a) => a.targetLabel)).toEqual([`profile:${member.id}`]);
    await appealDecidedBySecond(w, member, d.id, 'reversed', 'Kein Spam.');
    expect((await userRow(w, member.id)).about).toBe('Kaufe günstig bei mir!');

    const warned = await newMember(w, 'Alter Text');
    const dWarned = await decided(w, w.mod1, await reportProfile(w, warned.id), {
      decision: 'member_warned',
      rule: 'fake_profile',
      statement: 'Bitte echt bleiben.',
    });
    expect((await userRow(w, warned.id)).about).toBe('Alter Text');
    await dbOf(w).update(users).set({ about: 'Neuer Text' }).where(eq(users.id, warned.id));
    await appealDecidedBySecond(w, warned, dWarned.id, 'reversed', 'Doch echt.');
    expect((await userRow(w, warned.id)).about).toBe('Neuer Text');
  });

  // A profile report is stored whatever the id (a report never tells whether an account exists).
  it('decision rule: a report about a profile id that is no account is closed with "no action"', async () => {
    const r = await reportProfile(w, 934_567_890);
    const res = await decide(w, w.mod1, r, {
      decision: 'no_action',
      rule: 'fake_profile',
      statement: 'Gibt es nicht.',
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe('what members read: their notices and their reports', () => {
  it('my reports rule: each report with its kind of item and my reason, its state, and once resolved the decision’s kind and time; newest first; nobody else’s', async () => {
    const rPost = await reportPost(w, await authorPost(w, 'Meins', 'Gemeldet'), 'spam');
    const sender = await newMember(w);
    const chat = await chatWithReporter(w, sender);
    const rMessage = await reportMessage(
      w,
      (await sendMessage(w, chat, sender.id, w.reporter.id, 'Hm')).id,
      'other',
    );
    expect(
      (await call(w.t, 'POST', `/api/admin/reports/${rMessage}/assign`, { token: w.mod1.token })).status,
    ).toBe(200);
    const profile = await newMember(w);
    const rProfile = await reportProfile(w, profile.id);
    const d = await decided(w, w.mod2, rProfile, {
      decision: 'member_warned',
      rule: 'fake_profile',
      statement: 'Echt?',
    });
    const mine = async (m: Member) => {
      const res = await call(w.t, 'GET', '/api/moderation/reports', { token: m.token });
      expect(res.status, res.text).toBe(200);
      return items(res).filter((i) => [rPost, rMessage, rProfile].includes(i.id as number));
    };
    const entry = async (id: number, target_type: string, reason: string) => ({
      id,
      target_type,
      reason,
      created_at: await oldestAt(id),
    });
    expect(await mine(w.reporter)).toEqual([
      {
        ...(await entry(rProfile, 'profile', 'fake_profile')),
        status: 'resolved',
        decision: 'member_warned',
        decided_at: iso(d.createdAt),
      },
      {
        ...(await entry(rMessage, 'chat_message', 'other')),
        status: 'in_review',
        decision: null,
        decided_at: null,
      },
      { ...(await entry(rPost, 'post', 'spam')), status: 'open', decision: null, decided_at: null },
    ]);
    expect(await mine(w.author)).toEqual([]);
  });
});

describe('appeals: once, within the window, by the affected member; decided by another moderator', () => {
  it('appeal rule: only the affected member appeals (anyone else, or an unknown notice: 404); once (409 appeal_exists); the answer is the new open appeal, shown with the notice', async () => {
    const r = await reportPost(w, await authorPost(w, 'Einmal', 'Nur einmal'));
    const d = await decided(w, w.mod1, r, {
      decision: 'member_warned',
      rule: 'respect',
      statement: 'Freundlich bleiben.',
    });
    const foreign = await appeal(w, w.reporter, d.id);
    expect([foreign.status, foreign.json]).toEqual([404, NOT_FOUND]);
    const unknown = await appeal(w, w.author, 987_654_321);
    expect([unknown.status, unknown.json]).toEqual([404, NOT_FOUND]);
    const text = 'Ich war nicht unfreundlich, bitte lest es noch einmal.';
    const first = await appeal(w, w.author, d.id, text);
    const row = await appealOf(w, d.id);
    expect([first.status, first.json]).toEqual([201, { id: row.id, status: 'open' }]);
    const twice = await appeal(w, w.author, d.id);
    expect([twice.status, twice.json]).toEqual([
      409,
      error('appeal_exists', 'Gegen diese Entscheidung hast du schon Widerspruch eingelegt.'),
    ]);
    expect((await noticeOf(w.author, d.id))!.appeal).toEqual({
      status: 'open',
      text,
      created_at: iso(row.createdAt),
      statement: null,
    });
  });

  it('appeal rule: the window ends exactly APPEAL_WINDOW_DAYS after the decision: at that moment an appeal goes, a millisecond later 403 appeal_window_closed', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    const notice = async () => {
      const r = await reportPost(w, await authorPost(w, 'Frist', 'Lange her'));
      const d = await decided(w, w.mod1, r, {
        decision: 'member_warned',
        rule: 'respect',
        statement: 'Frist.',
      });
      await dbOf(w)
        .update(moderationDecisions)
        .set({ createdAt: new Date(now - APPEAL_WINDOW_MS) })
        .where(eq(moderationDecisions.id, d.id));
      return d.id;
    };
    const [atEnd, after] = [await notice(), await notice()];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 1);
    const late = await appeal(w, w.author, after);
    expect([late.status, late.json]).toEqual([
      403,
      error('appeal_window_closed', 'Die Frist für einen Widerspruch (sechs Monate) ist vorbei.'),
    ]);
    vi.setSystemTime(now);
    expect((await appeal(w, w.author, atEnd)).status).toBe(201);
    expect((await noticeOf(w.author, atEnd))!.appealable_until).toBe(iso(new Date(now)));
  });

  it('appeal rule: the moderator of the first decision cannot decide the appeal (403, nothing written); another upholds it: the item stays removed, the member is told, one audit row; decided once (then 409); listed per state', async () => {
    const postId = await authorPost(w, 'Bleibt weg', 'Gemeiner Text');
    const d = await decided(w, w.mod1, await reportPost(w, postId), {
      decision: 'content_removed',
      rule: 'harassment',
      statement: 'Angriff.',
    });
    const text = 'Ich habe niemanden gemeint, das war allgemein.';
    expect((await appeal(w, w.author, d.id, text)).status).toBe(201);
    const a = await appealOf(w, d.id);
    const listed = {
      id: a.id,
      text,
      status: 'open',
      statement: null,
      created_at: iso(a.createdAt),
      member: ref(w.author),
      notice: {
        id: d.id,
        decision: 'content_removed',
        rule: 'harassment',
        statement: 'Angriff.',
        content: 'Bleibt weg\n\nGemeiner Text',
        decided_by: ref(w.mod1),
      },
    };
    expect((await appealsListed()).find((x) => x.id === a.id)).toEqual(listed);
    expect((await appealsListed('open')).find((x) => x.id === a.id)).toEqual(listed);
    expect((await appealsListed('upheld')).find((x) => x.id === a.id)).toBeUndefined();
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const same = await decideAppeal(w, w.mod1, a.id, 'upheld', 'Ich bleibe dabei.');
    expect([same.status, same.json]).toEqual([403, SAME_MODERATOR]);
    expect(await auditAfter(w, before)).toEqual([]);
    expect((await appealOf(w, d.id)).status).toBe('open');
    const upheld = await decideAppeal(w, w.mod2, a.id, 'upheld', 'Es bleibt ein Angriff.');
    expect(upheld.status, upheld.text).toBe(200);
    const decidedAppeal = { ...listed, status: 'upheld', statement: 'Es bleibt ein Angriff.' };
    expect(upheld.json).toEqual(decidedAppeal);
    expect(await auditAfter(w, before)).toEqual([
      {
        actorId: w.mod2.id,
        action: 'appeal.upheld',
        targetType: 'appeal',
        targetId: a.id,
        targetLabel: `notice:${d.id}`,
        reason: 'Es bleibt ein Angriff.',
      },
    ]);
    expect(await appealOf(w, d.id)).toMatchObject({
      status: 'upheld',
      decidedBy: w.mod2.id,
      statement: 'Es bleibt ein Angriff.',
    });
    expect((await decisionRow(w, d.id)).reversedAt).toBeNull();
    expect(await postRemoved(postId)).toEqual({ removed: true, by: d.id });
    expect(mailsSince(mails)).toEqual([outcomeMail(w.author, d, 'upheld', 'Es bleibt ein Angriff.')]);
    expect(
      (await notificationsOf(w, [w.author.id], 'moderation')).filter((n) => n.key === `appeal:${d.id}`),
    ).toEqual([{ userId: w.author.id, kind: 'moderation', key: `appeal:${d.id}` }]);
    expect((await noticeOf(w.author, d.id))!.appeal).toEqual({
      status: 'upheld',
      text,
      created_at: iso(a.createdAt),
      statement: 'Es bleibt ein Angriff.',
    });
    expect((await appealsListed('upheld')).find((x) => x.id === a.id)).toEqual(decidedAppeal);
    expect((await appealsListed()).find((x) => x.id === a.id)).toBeUndefined();
    const again = await decideAppeal(w, w.mod2, a.id, 'reversed', 'Doch nicht.');
    expect([again.status, again.json]).toEqual([409, CONFLICT]);
    expect((await appealsListed('reversed')).find((x) => x.id === a.id)).toBeUndefined();
    expect((await decideAppeal(w, w.mod1, a.id, 'reversed', 'Doch nicht.')).status).toBe(403);
    expect(await auditAfter(w, before)).toHaveLength(1);
    // A second appeal upheld after it answers with itself, not the first one of that state.
    const d2 = await decided(w, w.mod1, await reportPost(w, await authorPost(w, 'Zweiter', 'Auch')), {
      decision: 'member_warned',
      rule: 'respect',
      statement: 'Auch.',
    });
    expect((await appeal(w, w.author, d2.id)).status).toBe(201);
    const a2 = await appealOf(w, d2.id);
    const second = await decideAppeal(w, w.mod2, a2.id, 'upheld', 'Auch das bleibt.');
    expect([second.json.id, second.json.status, (second.json.notice as Json).id]).toEqual([
      a2.id,
      'upheld',
      d2.id,
    ]);
    const unknown = await decideAppeal(w, w.mod2, 987_654_321, 'upheld', 'Nichts.');
    expect([unknown.status, unknown.json]).toEqual([404, NOT_FOUND]);
  });

  it('appeal rule: reversed: the post is back for everyone, the decision is marked reversed and cannot be appealed again, the member is told, one audit row', async () => {
    const postId = await authorPost(w, 'Zurück', 'Darf wieder sichtbar sein');
    const d = await decided(w, w.mod1, await reportPost(w, postId), {
      decision: 'content_removed',
      rule: 'harassment',
      statement: 'Zu scharf.',
    });
    expect((await appeal(w, w.author, d.id)).status).toBe(201);
    const a = await appealOf(w, d.id);
    const [before, mails] = [await lastAuditId(w), w.mails.length];
    const res = await decideAppeal(w, w.mod2, a.id, 'reversed', 'Scharf, aber kein Angriff.');
    expect(res.status, res.text).toBe(200);
    expect([res.json.id, res.json.status, res.json.statement]).toEqual([
      a.id,
      'reversed',
      'Scharf, aber kein Angriff.',
    ]);
    expect(await postSeenBy(w.reporter, postId)).toEqual({
      state: 'visible',
      title: 'Zurück',
      message: 'Darf wieder sichtbar sein',
      notice_id: null,
    });
    expect(await postRemoved(postId)).toEqual({ removed: false, by: null });
    expect((await decisionRow(w, d.id)).reversedAt).not.toBeNull();
    expect(await auditAfter(w, before)).toEqual([
      {
        actorId: w.mod2.id,
        action: 'appeal.reversed',
        targetType: 'appeal',
        targetId: a.id,
        targetLabel: `notice:${d.id}`,
        reason: 'Scharf, aber kein Angriff.',
      },
    ]);
    expect(mailsSince(mails)).toEqual([outcomeMail(w.author, d, 'reversed', 'Scharf, aber kein Angriff.')]);
    expect(announced()).toEqual([]);
    expect((await noticeOf(w.author, d.id))!.appeal).toMatchObject({
      status: 'reversed',
      statement: 'Scharf, aber kein Angriff.',
    });
    const again = await appeal(w, w.author, d.id);
    expect([again.status, again.json]).toEqual([409, NOT_APPEALABLE]);
  });

  it('notice rule: a member who asked to delete their account is told nothing more (no mail, no notice), yet decisions and appeal decisions about them go through', async () => {
    const member = await newMember(w);
    const d = await decided(w, w.mod1, await reportPost(w, await postOf(w, member.id, 'Bald weg', 'Text')), {
      decision: 'member_warned',
      rule: 'respect',
      statement: 'Vorsicht.',
    });
    expect((await appeal(w, member, d.id)).status).toBe(201);
    await dbOf(w).update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, member.id));
    const mails = w.mails.length;
    const upheld = await decideAppeal(w, w.mod2, (await appealOf(w, d.id)).id, 'upheld', 'Bleibt.');
    expect(upheld.status, upheld.text).toBe(200);
    const later = await decided(
      w,
      w.mod1,
      await reportPost(w, await postOf(w, member.id, 'Noch was', 'Text')),
      {
        decision: 'member_warned',
        rule: 'respect',
        statement: 'Nochmal.',
      },
    );
    expect(later.memberId).toBe(member.id);
    expect(mailsSince(mails)).toEqual([]);
    expect(await notificationsOf(w, [member.id], 'moderation')).toEqual([
      { userId: member.id, kind: 'moderation', key: `notice:${d.id}` },
    ]);
  });
});
