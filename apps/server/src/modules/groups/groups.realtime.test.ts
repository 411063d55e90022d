import { groupChannel, postChannel } from '@trostnetz/contracts/realtime';
import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

const clients: PusherClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
const connect = (m: MemberTokens) => {
  const c = connectPusher(port, t.config.realtime.key, m.token);
  clients.push(c);
  return c;
};

const form = (channel: string) =>
  new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString();
const auth = (m: MemberTokens, channel: string) =>
  t.app.inject({
    method: 'POST',
    url: '/pusher/auth',
    headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(channel),
  });

async function groupWith(...members: MemberTokens[]) {
  const res = await call(t, 'GET', '/api/group', { token: members[0]!.token });
  const id = (res.json.categories as Array<{ groups: Array<{ id: number; slug: string }> }>)
    .flatMap((c) => c.groups)
    .find((g) => g.slug === 'fuer-alle')!.id;
  for (const m of members) await call(t, 'POST', `/api/group/${id}/membership`, { token: m.token });
  return id;
}
const post = async (m: MemberTokens, groupId: number) =>
  (
    await call(t, 'POST', '/api/post', {
      token: m.token,
      body: { group_id: groupId, title: 'Live', message: 'Gerade geschrieben' },
    })
  ).json.id as number;

type Heard = { channel: string; event: string; data: unknown };
/** Everything but pusher's own events on these channels, in arrival order. */
function listen(client: PusherClient, channels: string[]): Heard[] {
  const heard: Heard[] = [];
  for (const channel of channels) {
    client.channel(channel).bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher:')) heard.push({ channel, event, data });
    });
  }
  return heard;
}

describe('groups live: private-user_{id}_group_{groupId} and private-user_{id}_post_{postId}', () => {
  it('groups rule: members may subscribe to their own channels of a group and its posts; others are refused', async () => {
    const a = await onboardMember(t);
    const b = await onboardMember(t);
    const outsider = await onboardMember(t);
    const groupId = await groupWith(a, b);
    const postId = await post(a, groupId);
    expect((await auth(a, groupChannel(a.id, groupId))).statusCode).toBe(200);
    expect((await auth(a, postChannel(a.id, postId))).statusCode).toBe(200);
    // Another member's own channel, even of the same group, is theirs alone.
    expect((await auth(a, groupChannel(b.id, groupId))).statusCode).toBe(403);
    expect((await auth(a, postChannel(b.id, postId))).statusCode).toBe(403);
    expect((await auth(outsider, groupChannel(outsider.id, groupId))).statusCode).toBe(403);
    expect((await auth(outsider, postChannel(outsider.id, postId))).statusCode).toBe(403);
    expect((await auth(a, groupChannel(a.id, 999999))).statusCode).toBe(403);
    expect((await auth(a, postChannel(a.id, 999999))).statusCode).toBe(403);
    expect((await auth(a, `private-user_${a.id}_group_0`)).statusCode).toBe(403);
    expect((await auth(a, `private-user_${a.id}_post_x`)).statusCode).toBe(403);
    // The shared channels of before are no kind any more.
    expect((await auth(a, `private-group_${groupId}`)).statusCode).toBe(403);
    expect((await auth(a, `private-post_${postId}`)).statusCode).toBe(403);
  });

  it('groups rule: a post hidden either way refuses its channel', async () => {
    const a = await onboardMember(t);
    const b = await onboardMember(t);
    const groupId = await groupWith(a, b);
    const postId = await post(a, groupId);
    expect((await auth(b, postChannel(b.id, postId))).statusCode).toBe(200);
    await call(t, 'POST', '/api/block', { token: b.token, body: { userId: a.id } });
    expect((await auth(b, postChannel(b.id, postId))).statusCode).toBe(403);
    expect((await auth(a, postChannel(a.id, postId))).statusCode).toBe(200);
  });

  it('groups rule: PostCreated and CommentCreated arrive live for members, with ids only', async () => {
    const a = await onboardMember(t);
    const b = await onboardMember(t);
    const groupId = await groupWith(a, b);
    const client = connect(b);
    await subscribed(client, groupChannel(b.id, groupId));
    const created = waitFor<unknown>((done) =>
      client.channel(groupChannel(b.id, groupId)).bind('PostCreated', done),
    );
    const postId = await post(a, groupId);
    expect(await created).toEqual({ post_id: postId, group_id: groupId });

    await subscribed(client, postChannel(b.id, postId));
    const comment = waitFor<unknown>((done) =>
      client.channel(postChannel(b.id, postId)).bind('CommentCreated', done),
    );
    const res = await call(t, 'POST', `/api/post/${postId}/comments`, {
      token: a.token,
      body: { comment: 'Nicht im Ereignis' },
    });
    expect(await comment).toEqual({ comment_id: res.json.id, post_id: postId, parent_id: null });

    const updated = waitFor<unknown>((done) =>
      client.channel(postChannel(b.id, postId)).bind('CommentUpdated', done),
    );
    await call(t, 'PATCH', `/api/comment/${res.json.id}`, { token: a.token, body: { comment: 'Geändert' } });
    expect(await updated).toEqual({ id: res.json.id, post_id: postId });

    const postUpdated = waitFor<unknown>((done) =>
      client.channel(groupChannel(b.id, groupId)).bind('PostUpdated', done),
    );
    await call(t, 'DELETE', `/api/post/${postId}`, { token: a.token });
    expect(await postUpdated).toEqual({ id: postId });
  });

  it('groups rule: live group news never reaches a member hidden either way from its author (no ids either); others get it', async () => {
    const author = await onboardMember(t);
    const hider = await onboardMember(t); // hid the author
    const hidden = await onboardMember(t); // the author hid them
    const other = await onboardMember(t);
    const groupId = await groupWith(author, hider, hidden, other);
    await call(t, 'POST', '/api/block', { token: hider.token, body: { userId: author.id } });
    await call(t, 'POST', '/api/block', { token: author.token, body: { userId: hidden.id } });
    // A post by `other` everyone may read, and one by the author.
    const shared = await post(other, groupId);
    const own = await post(author, groupId);
    const clients = new Map([hider, hidden, other].map((m) => [m.id, connect(m)]));
    const heard = new Map<number, Heard[]>();
    for (const m of [hider, hidden, other]) {
      const client = clients.get(m.id)!;
      const names = [groupChannel(m.id, groupId), postChannel(m.id, shared)];
      await Promise.all(names.map((name) => subscribed(client, name)));
      heard.set(m.id, listen(client, names));
    }

    // Everything the author does in the group, live: a post, its edit and deletion, a comment on the
    // shared post, its edit, a reply under it by someone else, the comment's deletion.
    const written = await post(author, groupId);
    await call(t, 'PATCH', `/api/post/${own}`, { token: author.token, body: { title: 'Neu' } });
    await call(t, 'DELETE', `/api/post/${own}`, { token: author.token });
    const comment = await call(t, 'POST', `/api/post/${shared}/comments`, {
      token: author.token,
      body: { comment: 'Vom Autor' },
    });
    await call(t, 'PATCH', `/api/comment/${comment.json.id}`, {
      token: author.token,
      body: { comment: 'x' },
    });
    const reply = await call(t, 'POST', `/api/post/${shared}/comments`, {
      token: other.token,
      body: { comment: 'Antwort', parent_id: comment.json.id },
    });
    await call(t, 'DELETE', `/api/comment/${comment.json.id}`, { token: author.token });
    // Then news by `other`, which reaches everyone: once it has arrived, whatever came before has too.
    const visible = await call(t, 'POST', `/api/post/${shared}/comments`, {
      token: other.token,
      body: { comment: 'Für alle' },
    });
    const later = await post(other, groupId);
    const last = { event: 'PostCreated', data: { post_id: later, group_id: groupId } };
    for (const m of [hider, hidden, other]) {
      await waitFor<void>((done) => {
        const check = () =>
          heard
            .get(m.id)!
            .some((h) => h.event === last.event && (h.data as { post_id?: number }).post_id === later)
            ? done()
            : setTimeout(check, 20);
        check();
      });
    }

    const events = (m: MemberTokens) => heard.get(m.id)!.map(({ event, data }) => ({ event, data }));
    const othersNews = [
      { event: 'CommentCreated', data: { comment_id: visible.json.id, post_id: shared, parent_id: null } },
      last,
    ];
    expect(events(hider)).toEqual(othersNews);
    expect(events(hidden)).toEqual(othersNews);
    expect(events(other)).toEqual([
      { event: 'PostCreated', data: { post_id: written, group_id: groupId } },
      { event: 'PostUpdated', data: { id: own } },
      { event: 'PostUpdated', data: { id: own } },
      { event: 'CommentCreated', data: { comment_id: comment.json.id, post_id: shared, parent_id: null } },
      { event: 'CommentUpdated', data: { id: comment.json.id, post_id: shared } },
      {
        event: 'CommentCreated',
        data: { comment_id: reply.json.id, post_id: shared, parent_id: comment.json.id },
      },
      { event: 'CommentUpdated', data: { id: comment.json.id, post_id: shared } },
      ...othersNews,
    ]);
  });

  it('groups rule: a non-member’s subscription fails with pusher-js', async () => {
    const a = await onboardMember(t);
    const outsider = await onboardMember(t);
    const groupId = await groupWith(a);
    const client = connect(outsider);
    const failed = waitFor<unknown>((done) => {
      client.subscribe(groupChannel(outsider.id, groupId)).bind('pusher:subscription_error', done);
    });
    expect(await failed).toMatchObject({ status: 403 });
  });
});
