import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { sendWaitingNotices } from '../../test/notices.ts';
import { browserKeys } from '../../test/push-service.ts';
import { call, createTestApp, type Json, type TestApp } from '../../test/test-app.ts';
import { JOBS_SCHEMA } from '../jobs/job-queue.ts';

/**
 * Muting a conversation (issue 43): for the member who muted it no push, no mail, no notification (so no
 * count in the navigation's bell either); the message itself arrives and counts in the conversation
 * list; undone at any time; the partner is told nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

let group = 0;
async function friends(): Promise<[MemberTokens, MemberTokens]> {
  const answers = {
    loss_kind: ['partner'],
    languages: ['de'],
    region: [`de_${['bayern', 'berlin'][group++ % 2]}`],
  };
  const a = await onboardMember(t, answers);
  const b = await onboardMember(t, answers);
  await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
  await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
  // No quiet hours, so that pushes are due whenever the tests run.
  await call(t, 'PUT', '/api/user/notifications', {
    token: b.token,
    body: { quiet_hours: { start: 0, end: 0 } },
  });
  const endpoint = `https://127.0.0.1:9/push/${b.id}`;
  await call(t, 'POST', '/api/push/subscriptions', {
    token: b.token,
    body: { endpoint, keys: browserKeys().keys },
  });
  return [a, b];
}

const mute = (m: MemberTokens, partner: number, muted: unknown) =>
  call(t, 'PUT', `/api/chat/${partner}/mute`, { token: m.token, body: { muted } });
const send = (from: MemberTokens, to: number, message: string) =>
  call(t, 'POST', `/api/chat/${to}/send`, { token: from.token, body: { message } });

async function pushJobs(m: MemberTokens) {
  const res = await t.app.ctx.database.executeSql(
    `select data from ${JOBS_SCHEMA}.job where name = 'notifications-push' and data->>'userId' = $1
      and data->>'kind' = 'chat_message'`,
    [String(m.id)],
  );
  return res.rows.length;
}
const stored = (m: MemberTokens) =>
  t.app.ctx.db
    .select({ kind: notifications.kind, readAt: notifications.readAt, mailState: notifications.mailState })
    .from(notifications)
    .where(and(eq(notifications.userId, m.id), eq(notifications.kind, 'chat_message')));
const bell = async (m: MemberTokens) =>
  Number((await call(t, 'GET', '/api/notifications', { token: m.token })).json.unread);
const unread = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/chat/unreadByChat', { token: m.token })).json;

describe('muting a conversation', () => {
  it('mute rule: a message in a muted conversation leaves no push, no mail and no notification, but arrives and counts in the list; unmuted it does all again', async () => {
    const [a, b] = await friends();
    expect((await mute(b, a.id, true)).json).toEqual({ partner_id: a.id, muted: true });
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    await send(a, b.id, 'Bist du heute da?');
    expect(await pushJobs(b)).toBe(0);
    expect(await stored(b)).toEqual([]);
    // Without a notification no mail can tell of it: the mail check finds nothing of the conversation.
    const bellBefore = await bell(b);
    await sendWaitingNotices(t);
    expect(await stored(b)).toEqual([]);
    // The message itself reaches b live and counts for a in b's conversation list.
    expect(live.mock.calls.filter((c) => c[0] === b.id).map((c) => c[2])).toEqual(['ChatMessageNew']);
    expect(await unread(b)).toEqual({ [a.id]: 1 });

    expect((await mute(b, a.id, false)).json).toEqual({ partner_id: a.id, muted: false });
    await send(a, b.id, 'Und jetzt?');
    expect(await pushJobs(b)).toBe(1);
    expect(await stored(b)).toEqual([{ kind: 'chat_message', readAt: null, mailState: 'pending' }]);
    expect(await bell(b)).toBe(bellBefore + 1);
    expect(await unread(b)).toEqual({ [a.id]: 2 });
  });

  it('mute rule: muting settles what already waits for the conversation (its bell entry is seen, its mail not sent); other partners still notify', async () => {
    const [a, b] = await friends();
    const [c] = await friends();
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: c.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${c.id}`, { token: b.token, body: {} });
    await send(a, b.id, 'Ich denke an dich.');
    expect(await bell(b)).toBeGreaterThanOrEqual(1);
    const before = await bell(b);
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    await mute(b, a.id, true);
    expect(await bell(b)).toBe(before - 1);
    // The bell follows at once in b's open tabs; muting again settles nothing and says nothing.
    const toB = () => live.mock.calls.filter((c) => c[0] === b.id);
    expect(toB()).toEqual([
      [b.id, 'friend_requests_changed', 'NotificationsChanged', { unread: before - 1 }],
    ]);
    await mute(b, a.id, true);
    expect(toB()).toHaveLength(1);
    await send(c, b.id, 'Hallo von C');
    expect(await pushJobs(b)).toBe(2);
    await sendWaitingNotices(t);
    // The mail about c's message went out; the one about a's was not sent.
    expect((await stored(b)).map((n) => n.mailState).sort()).toEqual(['sent', 'skipped']);
  });

  it('mute rule: the partner is not told: their answers and events stay as they were, and the messages stay unread', async () => {
    const [a, b] = await friends();
    const sent = await send(a, b.id, 'Wie war dein Tag?');
    const seenByA = async () => ({
      history: (await call(t, 'GET', `/api/chat/${b.id}/messages`, { token: a.token })).json,
      partners: (await call(t, 'GET', '/api/user/friend/list', { token: a.token })).json,
      muted: (await call(t, 'GET', '/api/chat/muted', { token: a.token })).json,
    });
    const before = await seenByA();
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    await mute(b, a.id, true);
    expect(live.mock.calls.filter((c) => c[0] === a.id)).toEqual([]);
    const answer = await send(a, b.id, 'Schön.');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(Object.keys(sent.json).sort());
    expect(live.mock.calls.filter((c) => c[0] === a.id).map((c) => c[2])).toEqual(['ChatMessageNew']);
    const after = await seenByA();
    expect(after.partners).toEqual(before.partners);
    expect(after.muted).toEqual({ partners: [] });
    expect((after.history.messages as Json[]).find((m) => m.id === sent.json.id)?.read_at).toBeNull();
    expect((await call(t, 'GET', '/api/chat/muted', { token: b.token })).json).toEqual({ partners: [a.id] });
  });

  it('muting twice keeps one mute, unmuting an unmuted conversation is no error; a former partner can be muted too', async () => {
    const [a, b] = await friends();
    expect((await mute(b, a.id, true)).status).toBe(200);
    expect((await mute(b, a.id, true)).status).toBe(200);
    expect((await call(t, 'GET', '/api/chat/muted', { token: b.token })).json).toEqual({ partners: [a.id] });
    expect((await mute(b, a.id, false)).status).toBe(200);
    expect((await mute(b, a.id, false)).json).toEqual({ partner_id: a.id, muted: false });
    expect((await call(t, 'GET', '/api/chat/muted', { token: b.token })).json).toEqual({ partners: [] });
    await call(t, 'POST', `/api/user/friend/list/remove/${a.id}`, { token: b.token, body: {} });
    expect((await mute(b, a.id, true)).status).toBe(200);
  });

  it('only a conversation I may read can be muted: strangers, pending requests, hidden members and myself are "not found"; bad input is 422; no session is 401', async () => {
    const [a, b] = await friends();
    const stranger = await onboardMember(t);
    expect((await mute(b, stranger.id, true)).status).toBe(404);
    expect((await mute(b, b.id, true)).status).toBe(404);
    expect((await mute(b, 999_999, true)).status).toBe(404);
    await call(t, 'POST', `/api/user/friend/request/send/${stranger.id}`, { token: b.token, body: {} });
    expect((await mute(b, stranger.id, true)).status).toBe(404);
    expect((await mute(b, a.id, 'yes')).status).toBe(422);
    expect((await call(t, 'PUT', `/api/chat/${a.id}/mute`, { token: b.token, body: {} })).status).toBe(422);
    expect(
      (await call(t, 'PUT', `/api/chat/${a.id}/mute`, { token: b.token, body: { muted: true, partner: 1 } }))
        .status,
    ).toBe(422);
    expect((await mute(b, 'abc' as unknown as number, true)).status).toBe(422);
    expect((await call(t, 'PUT', `/api/chat/${a.id}/mute`, { body: { muted: true } })).status).toBe(401);
    expect((await call(t, 'GET', '/api/chat/muted')).status).toBe(401);
    await call(t, 'POST', '/api/block', { token: b.token, body: { userId: a.id } });
    expect((await mute(b, a.id, true)).status).toBe(404);
  });
});
