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

describe('groups live: private-group_{id} and private-post_{id}', () => {
  it('groups rule: members may subscribe to a group’s and its posts’ channels; others are refused', async () => {
    const a = await onboardMember(t);
    const outsider = await onboardMember(t);
    const groupId = await groupWith(a);
    const postId = await post(a, groupId);
    expect((await auth(a, groupChannel(groupId))).statusCode).toBe(200);
    expect((await auth(a, postChannel(postId))).statusCode).toBe(200);
    expect((await auth(outsider, groupChannel(groupId))).statusCode).toBe(403);
    expect((await auth(outsider, postChannel(postId))).statusCode).toBe(403);
    expect((await auth(a, groupChannel(999999))).statusCode).toBe(403);
    expect((await auth(a, postChannel(999999))).statusCode).toBe(403);
    expect((await auth(a, 'private-group_0')).statusCode).toBe(403);
    expect((await auth(a, 'private-post_x')).statusCode).toBe(403);
  });

  it('groups rule: a post hidden either way refuses its channel', async () => {
    const a = await onboardMember(t);
    const b = await onboardMember(t);
    const groupId = await groupWith(a, b);
    const postId = await post(a, groupId);
    expect((await auth(b, postChannel(postId))).statusCode).toBe(200);
    await call(t, 'POST', '/api/block', { token: b.token, body: { userId: a.id } });
    expect((await auth(b, postChannel(postId))).statusCode).toBe(403);
    expect((await auth(a, postChannel(postId))).statusCode).toBe(200);
  });

  it('groups rule: PostCreated and CommentCreated arrive live for members, with ids only', async () => {
    const a = await onboardMember(t);
    const b = await onboardMember(t);
    const groupId = await groupWith(a, b);
    const client = connect(b);
    await subscribed(client, groupChannel(groupId));
    const created = waitFor<unknown>((done) =>
      client.channel(groupChannel(groupId)).bind('PostCreated', done),
    );
    const postId = await post(a, groupId);
    expect(await created).toEqual({ post_id: postId, group_id: groupId });

    await subscribed(client, postChannel(postId));
    const comment = waitFor<unknown>((done) =>
      client.channel(postChannel(postId)).bind('CommentCreated', done),
    );
    const res = await call(t, 'POST', `/api/post/${postId}/comments`, {
      token: a.token,
      body: { comment: 'Nicht im Ereignis' },
    });
    expect(await comment).toEqual({ comment_id: res.json.id, post_id: postId, parent_id: null });

    const updated = waitFor<unknown>((done) =>
      client.channel(postChannel(postId)).bind('CommentUpdated', done),
    );
    await call(t, 'PATCH', `/api/comment/${res.json.id}`, { token: a.token, body: { comment: 'Geändert' } });
    expect(await updated).toEqual({ id: res.json.id, post_id: postId });

    const postUpdated = waitFor<unknown>((done) =>
      client.channel(groupChannel(groupId)).bind('PostUpdated', done),
    );
    await call(t, 'DELETE', `/api/post/${postId}`, { token: a.token });
    expect(await postUpdated).toEqual({ id: postId });
  });

  it('groups rule: a non-member’s subscription fails with pusher-js', async () => {
    const a = await onboardMember(t);
    const outsider = await onboardMember(t);
    const groupId = await groupWith(a);
    const client = connect(outsider);
    const failed = waitFor<unknown>((done) => {
      client.subscribe(groupChannel(groupId)).bind('pusher:subscription_error', done);
    });
    expect(await failed).toMatchObject({ status: 403 });
  });
});
