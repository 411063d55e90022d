import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { acrossMigration } from '../../test/migrations.ts';
import { sendWaitingNotices } from '../../test/notices.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';

/** The notification centre follows the hidden list (both ways) and a request's withdrawal. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = MemberTokens & { nickname: string };
type Entry = { kind: string; actor: { id: number; nickname: string } | null; read: boolean };
let seq = 0;
const member = async (): Promise<Member> => {
  const nickname = `Hanne${++seq}`;
  return { ...(await onboardMember(t, { languages: ['de'] }, { nickname })), nickname };
};
const friendAction = (m: MemberTokens, action: string, other: MemberTokens) =>
  call(t, 'POST', `/api/user/friend/${action}/${other.id}`, { token: m.token, body: {} });
const centre = async (m: MemberTokens) => {
  const res = await call(t, 'GET', '/api/notifications', { token: m.token });
  expect(res.status).toBe(200);
  const data = (res.json.data as Entry[]).map((e) => [e.kind, e.actor?.nickname ?? null]);
  return { data, unread: res.json.unread };
};
/** The mails that named `name` to the member, from `since` on. */
const mailsNaming = async (m: MemberTokens, name: string, since = 0) =>
  (await outbox(t))
    .slice(since)
    .filter((x) => x.to.includes(m.email))
    .filter((x) => new RegExp(`\\b${name}\\b`).test(`${x.subject}\n${x.text}`));
const hide = async (m: MemberTokens, other: MemberTokens) => {
  const res = await call(t, 'POST', '/api/block', { token: m.token, body: { userId: other.id } });
  expect(res.status).toBe(201);
  return res.json.id as number;
};

let groupId = 0;
/** Both are in the group for everyone and `watcher` hears of each new post there. */
async function inGroup(watcher: MemberTokens, poster: MemberTokens) {
  if (!groupId) {
    const groups = await call(t, 'GET', '/api/group', { token: watcher.token });
    groupId = (groups.json.categories as { groups: { id: number; slug: string }[] }[])
      .flatMap((g) => g.groups)
      .find((g) => g.slug === 'fuer-alle')!.id;
  }
  for (const m of [watcher, poster]) {
    expect((await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token })).status).toBe(200);
  }
  await call(t, 'PUT', `/api/group/${groupId}/membership`, {
    token: watcher.token,
    body: { notification_level: 'watching' },
  });
}
const post = async (m: MemberTokens, title: string) => {
  const res = await call(t, 'POST', '/api/post', {
    token: m.token,
    body: { group_id: groupId, title, message: 'Ein Gedanke.' },
  });
  expect(res.status).toBe(201);
  return res.json.id as number;
};

describe('notifications: a hidden member is not named in the notification centre', () => {
  it('hidden-list rule: once Ilse hides Jan, neither centre names the other, entries from before included (read and unread, with the mail still waiting), and nothing new about Jan arrives until Ilse shows Jan again', async () => {
    const [ilse, jan] = [await member(), await member()];
    await inGroup(ilse, jan);
    expect((await friendAction(jan, 'request/send', ilse)).status).toBe(200);
    expect((await friendAction(ilse, 'request/accept', jan)).status).toBe(200);
    await call(t, 'POST', '/api/notifications/read', { token: ilse.token, body: {} });
    expect(
      (await call(t, 'POST', `/api/chat/${ilse.id}/send`, { token: jan.token, body: { message: 'Hallo' } }))
        .status,
    ).toBe(200);
    const ilsePost = await post(ilse, 'Mein Tag');
    expect(
      (
        await call(t, 'POST', `/api/post/${ilsePost}/comments`, {
          token: jan.token,
          body: { comment: 'Schön.' },
        })
      ).status,
    ).toBe(201);
    await post(jan, 'Vor dem Verbergen');
    expect(await centre(ilse)).toEqual({
      data: [
        ['group_post', jan.nickname],
        ['reply', jan.nickname],
        ['chat_message', jan.nickname],
        ['friend_request', jan.nickname],
      ],
      unread: 3,
    });
    expect(await centre(jan)).toEqual({ data: [['friend_accepted', ilse.nickname]], unread: 1 });

    const entry = await hide(ilse, jan);
    expect(await centre(ilse)).toEqual({ data: [], unread: 0 });
    expect(await centre(jan)).toEqual({ data: [], unread: 0 });
    // Nothing of it goes out by mail later either.
    const pending = await t.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, ilse.id), eq(notifications.mailState, 'pending')));
    expect(pending).toEqual([]);
    await sendWaitingNotices(t);
    expect(await mailsNaming(ilse, jan.nickname)).toEqual([]);

    // A new post of Jan's in the group Ilse watches: no notice while Jan is hidden, one once shown again.
    await post(jan, 'Während verborgen');
    expect(await centre(ilse)).toEqual({ data: [], unread: 0 });
    expect((await call(t, 'DELETE', `/api/block/${entry}`, { token: ilse.token })).status).toBe(204);
    await post(jan, 'Wieder sichtbar');
    expect(await centre(ilse)).toEqual({ data: [['group_post', jan.nickname]], unread: 1 });
  });

  it('hidden-list rule: the same when the other one hides: Jan hides Ilse, and Ilse’s centre no longer names Jan', async () => {
    const [ilse, jan] = [await member(), await member()];
    await inGroup(ilse, jan);
    await post(jan, 'Ein Beitrag');
    expect(await centre(ilse)).toEqual({ data: [['group_post', jan.nickname]], unread: 1 });
    await hide(jan, ilse);
    expect(await centre(ilse)).toEqual({ data: [], unread: 0 });
    await post(jan, 'Noch einer');
    expect(await centre(ilse)).toEqual({ data: [], unread: 0 });
  });

  it('the migration: notifications that name a member hidden before it, either way, are removed; the rest stay', async () => {
    const rows = await acrossMigration<{ owner: string; kind: string }>(
      (tag) => tag.endsWith('_hidden_members_unnamed_in_notifications'),
      `
      insert into users (email, password_hash, nickname) values
        ('ilse@example.org', 'x', 'Ilse'), ('jan@example.org', 'x', 'Jan'), ('kai@example.org', 'x', 'Kai');
      insert into blocks (blocker_id, blocked_id)
        select i.id, j.id from users i, users j where i.nickname = 'Ilse' and j.nickname = 'Jan';
      insert into notifications (user_id, kind, actor_id, group_key, mail_state)
        select u.id, x.kind, a.id, x.kind || ':' || a.nickname, 'pending'
        from (values ('Ilse', 'chat_message', 'Jan'), ('Jan', 'friend_accepted', 'Ilse'),
                     ('Ilse', 'reply', 'Kai'), ('Kai', 'chat_message', 'Jan')) as x(owner, kind, actor)
        join users u on u.nickname = x.owner join users a on a.nickname = x.actor;
      insert into notifications (user_id, kind, actor_id, group_key)
        select id, 'report_received', null, 'report:1' from users where nickname = 'Ilse';`,
      'select u.nickname as owner, n.kind from notifications n join users u on u.id = n.user_id order by 1, 2',
    );
    expect(rows.map((r) => [r.owner, r.kind])).toEqual([
      ['Ilse', 'reply'],
      ['Ilse', 'report_received'],
      ['Kai', 'chat_message'],
    ]);
  });
});

describe('notifications: a withdrawn request', () => {
  it('withdrawal rule: the request’s notification is gone for the member it was sent to, unread or read, with its mail; another member’s request stays', async () => {
    const [lea, max, nora] = [await member(), await member(), await member()];
    const since = (await outbox(t)).length;
    expect((await friendAction(max, 'request/send', lea)).status).toBe(200);
    expect((await friendAction(nora, 'request/send', lea)).status).toBe(200);
    expect(await centre(lea)).toEqual({
      data: [
        ['friend_request', nora.nickname],
        ['friend_request', max.nickname],
      ],
      unread: 2,
    });
    expect((await friendAction(max, 'request/retract', lea)).status).toBe(200);
    expect(await centre(lea)).toEqual({ data: [['friend_request', nora.nickname]], unread: 1 });

    // Asked again, read in the app, withdrawn again: gone as well.
    expect((await friendAction(max, 'request/send', lea)).status).toBe(200);
    await call(t, 'POST', '/api/notifications/read', { token: lea.token, body: {} });
    expect((await friendAction(max, 'request/retract', lea)).status).toBe(200);
    expect(await centre(lea)).toEqual({ data: [['friend_request', nora.nickname]], unread: 0 });

    await sendWaitingNotices(t);
    expect((await mailsNaming(lea, max.nickname, since)).map((m) => m.subject)).toEqual([]);
    expect((await mailsNaming(lea, nora.nickname, since)).map((m) => m.subject)).toEqual([
      `Trostnetz: ${nora.nickname} möchte dein Trostpartner sein`,
    ]);
  });
});
