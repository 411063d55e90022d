import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { sendWaitingNotices } from '../../test/notices.ts';
import { grantRole, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, type Json, outbox, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 16 / DSA Art. 16(4) and (5): whoever reports gets a receipt at once and later the outcome, both
 * through the one notifier (in the app and by mail), never naming or quoting what or whom they reported;
 * both lead to /notices, where the report's state and the decision's kind are listed.
 */

let t: TestApp;
let mod: string;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp();
  const m = await onboardMember(t);
  await grantRole(t, m.id, 'moderator');
  mod = (await staffSignIn(t, m)).token;
  const groups = await call(t, 'GET', '/api/group', { token: m.token });
  groupId = (groups.json.categories as Array<{ groups: Array<{ id: number }> }>)[0]!.groups[0]!.id;
});
afterAll(() => t.close());

const joined = async (m: MemberTokens) => {
  expect((await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token })).status).toBe(200);
  return m;
};
const bell = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/notifications', { token: m.token })).json.data as Json[];
/** The notice mails sent to this member (the notifier's mail job run, as at the next noon). */
async function noticeMails(m: MemberTokens) {
  await sendWaitingNotices(t);
  return (await outbox(t)).filter((x) => x.to.includes(m.email) && x.text.includes('/notifications'));
}

describe('issue 16 / DSA Art. 16(4): a receipt for every report, at once, in the app and by mail', () => {
  const WORDS = 'Wer so trauert wie du, ist selbst schuld und sollte sich schämen';

  it('a reported post: the reporter’s bell has the receipt (no one named, leading to /notices) and a mail without the words or the author', async () => {
    const author = await joined(await onboardMember(t, {}, { nickname: 'Kieselstein' }));
    const reporter = await joined(await onboardMember(t));
    const post = await call(t, 'POST', '/api/post', {
      token: author.token,
      body: { group_id: groupId, title: 'Trauer als Ausrede', message: WORDS },
    });
    const report = await call(t, 'POST', `/api/post/${post.json.id}/report`, {
      token: reporter.token,
      body: { reason: 'harassment', details: `Sie schreibt: ${WORDS}` },
    });
    expect(report.status).toBe(201);
    expect(await bell(reporter)).toEqual([
      {
        id: expect.any(Number),
        kind: 'report_received',
        actor: null,
        count: 1,
        url: '/notices',
        post_id: null,
        created_at: expect.any(String),
        read: false,
        words: null,
      },
    ]);
    const mails = await noticeMails(reporter);
    expect(mails.map((m) => m.subject)).toEqual([
      'Trostnetz: Deine Meldung ist angekommen, wir sehen sie uns an',
    ]);
    const [mail] = mails;
    for (const never of [WORDS, 'Trauer als Ausrede', 'Kieselstein', 'Sie schreibt'])
      expect(mail!.text, never).not.toContain(never);
    // The receipt cannot be switched off, so the mail offers no unsubscribe.
    expect(mail!.text).not.toContain('List-Unsubscribe');
    expect(mail!.text).toContain('Diese Hinweise bekommst du immer');
  });

  it('a reported chat message and a reported profile get the same receipt; a profile id that is no account too (answered alike)', async () => {
    const answers = { loss_kind: ['child'], languages: ['de'], region: ['de_bremen'] };
    const a = await onboardMember(t, answers, { locale: 'en', nickname: 'Sandbank' });
    const b = await onboardMember(t, answers);
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
    const sent = await call(t, 'POST', `/api/chat/${a.id}/send`, {
      token: b.token,
      body: { message: WORDS },
    });
    expect(
      (
        await call(t, 'POST', `/api/chat/messages/${sent.json.id}/report`, {
          token: a.token,
          body: { reason: 'harassment' },
        })
      ).status,
    ).toBe(201);
    for (const id of [b.id, 999_999]) {
      const res = await call(t, 'POST', '/api/reports', {
        token: a.token,
        body: { type: 'profile', id, reason: 'fake_profile' },
      });
      expect(res.status).toBe(201);
    }
    expect(
      (await bell(a)).filter((n) => n.kind === 'report_received').map((n) => [n.url, n.actor, n.count]),
    ).toEqual([
      ['/notices', null, 1],
      ['/notices', null, 1],
      ['/notices', null, 1],
    ]);
    // One mail for what waits, in the member's language, naming nobody and quoting nothing.
    const mails = await noticeMails(a);
    expect(mails.map((m) => m.subject)).toEqual(['Trostnetz: Something new for you']);
    const plainPart = mails[0]!.text.split('<!doctype html>')[0]!;
    expect(plainPart.match(/Your report has arrived, we are looking into it/g)).toHaveLength(3);
    expect(mails[0]!.text).not.toContain(WORDS);
  });
});

describe('issue 16 / DSA Art. 16(5): the outcome comes the same way, and /notices shows where each report stands', () => {
  it('received → in review → decided (the decision’s kind); the outcome in the app and by mail, without words or names', async () => {
    const author = await joined(await onboardMember(t, {}, { nickname: 'Treibholz' }));
    const reporter = await joined(await onboardMember(t));
    const post = await call(t, 'POST', '/api/post', {
      token: author.token,
      body: {
        group_id: groupId,
        title: 'Hört auf',
        message: 'Ihr nervt mit eurem Mitleid, alle miteinander.',
      },
    });
    const report = await call(t, 'POST', `/api/post/${post.json.id}/report`, {
      token: reporter.token,
      body: { reason: 'inappropriate' },
    });
    const id = report.json.id as number;
    const mine = async () =>
      (await call(t, 'GET', '/api/moderation/reports', { token: reporter.token })).json;
    const reportedAt = ((await mine()).items as Json[])[0]!.created_at;
    const entry = { id, target_type: 'post', reason: 'inappropriate', created_at: reportedAt };
    expect(await mine()).toEqual({ items: [{ ...entry, status: 'open', decision: null, decided_at: null }] });
    await sendWaitingNotices(t);
    expect((await call(t, 'POST', `/api/admin/reports/${id}/assign`, { token: mod })).status).toBe(200);
    expect(await mine()).toEqual({
      items: [{ ...entry, status: 'in_review', decision: null, decided_at: null }],
    });
    const decided = await call(t, 'POST', `/api/admin/reports/${id}/decision`, {
      token: mod,
      body: { decision: 'member_warned', rule: 'respect', statement: 'Bitte freundlicher bleiben.' },
    });
    expect(decided.status).toBe(200);
    expect(await mine()).toEqual({
      items: [
        {
          ...entry,
          status: 'resolved',
          decision: 'member_warned',
          decided_at: (decided.json.decision as Json).decided_at,
        },
      ],
    });
    expect((await bell(reporter)).map((n) => [n.kind, n.url, n.actor])).toEqual([
      ['report_decided', '/notices', null],
      ['report_received', '/notices', null],
    ]);
    const mails = await noticeMails(reporter);
    expect(mails.map((m) => m.subject)).toEqual([
      'Trostnetz: Deine Meldung ist angekommen, wir sehen sie uns an',
      'Trostnetz: Wir haben deine Meldung geprüft und entschieden',
    ]);
    for (const never of ['Ihr nervt', 'Hört auf', 'Treibholz', 'Bitte freundlicher'])
      expect(mails[1]!.text, never).not.toContain(never);
    // Another member's reports are not listed; guests get 401.
    expect((await call(t, 'GET', '/api/moderation/reports', { token: author.token })).json).toEqual({
      items: [],
    });
    expect((await call(t, 'GET', '/api/moderation/reports')).status).toBe(401);
  });

  it('receipt and outcome cannot be switched off or unsubscribed (the law asks for them)', async () => {
    const m = await onboardMember(t);
    const off = await call(t, 'PUT', '/api/user/notifications', {
      token: m.token,
      body: { choices: { report_received: { email: false }, report_decided: { in_app: false } } },
    });
    expect(off.status).toBe(422);
    const prefs = await call(t, 'GET', '/api/user/notifications', { token: m.token });
    const choices = prefs.json.choices as Record<string, Json>;
    expect([choices.report_received, choices.report_decided]).toEqual([
      { in_app: true, email: true, push: false },
      { in_app: true, email: true, push: false },
    ]);
  });
});
