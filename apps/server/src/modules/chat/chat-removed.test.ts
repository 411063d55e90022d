import { memberChannel } from '@trostnetz/contracts/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/chat.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { grantRole, staffSignIn } from '../../test/staff.ts';
import { call, createListeningTestApp, type Json, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 16: a chat message removed by moderation. Its recipient sees it as removed, without the words;
 * its sender still reads their own words, with the link to the statement of reasons. Both sides' open
 * conversations follow at once, and an appeal that wins puts the words back for the recipient.
 */

let t: TestApp;
let port: number;
let mod1: string;
let mod2: string;
const WORDS = 'Du bist schuld daran, dass es mir so schlecht geht.';
const clients: Array<{ disconnect(): void }> = [];

beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
  const [m1, m2] = [await onboardMember(t), await onboardMember(t)];
  await grantRole(t, m1.id, 'moderator');
  await grantRole(t, m2.id, 'moderator');
  mod1 = (await staffSignIn(t, m1)).token;
  mod2 = (await staffSignIn(t, m2)).token;
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(() => t.close());

async function friends(): Promise<[MemberTokens, MemberTokens]> {
  const answers = { loss_kind: ['sibling'], languages: ['de'], region: ['de_sachsen'] };
  const a = await onboardMember(t, answers);
  const b = await onboardMember(t, answers);
  await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
  await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
  return [a, b];
}

const history = async (m: MemberTokens, partner: number) =>
  ((await call(t, 'GET', `/api/chat/${partner}/messages`, { token: m.token })).json.messages as Json[])[0]!;

/** Live updates of one member's messages, as their open conversation receives them. */
async function liveUpdates(m: MemberTokens) {
  const client = connectPusher(port, t.config.realtime.key, m.token);
  clients.push(client);
  await subscribed(client, memberChannel(m.id, 'chat_message'));
  return () =>
    waitFor<{ message: Json }>(
      (done) => client.channel(memberChannel(m.id, 'chat_message')).bind('ChatMessageUpdated', done),
      20_000,
    );
}

describe('issue 16: a chat message removed by moderation, as each side sees it', () => {
  let sender: MemberTokens;
  let recipient: MemberTokens;
  let message: Json;
  let noticeId: number;

  it('the recipient sees it removed without the words; the sender their words with the notice; both at once, live', async () => {
    [sender, recipient] = await friends();
    message = (
      await call(t, 'POST', `/api/chat/${recipient.id}/send`, {
        token: sender.token,
        body: { message: WORDS },
      })
    ).json;
    const report = await call(t, 'POST', `/api/chat/messages/${message.id}/report`, {
      token: recipient.token,
      body: { reason: 'harassment' },
    });
    expect(report.status).toBe(201);
    const [senderLive, recipientLive] = [(await liveUpdates(sender))(), (await liveUpdates(recipient))()];
    const decided = await call(t, 'POST', `/api/admin/reports/${report.json.id}/decision`, {
      token: mod1,
      body: { decision: 'content_removed', rule: 'harassment', statement: 'Schuldzuweisungen verletzen.' },
    });
    expect(decided.status, decided.text).toBe(200);
    const [row] = await t.app.ctx.db
      .select()
      .from(messages)
      .where(eq(messages.id, message.id as number));
    noticeId = row!.removedDecisionId!;
    const removedAt = row!.removedAt!.toISOString();
    const base = {
      id: message.id,
      chat_id: message.chat_id,
      user_id: sender.id,
      recipient_id: recipient.id,
      client_id: null,
      send_at: message.send_at,
      read_at: null,
      edited_at: null,
      deleted_at: null,
      removed_at: removedAt,
    };
    const forRecipient = { ...base, message: '', notice_id: null };
    const forSender = { ...base, message: WORDS, notice_id: noticeId };
    expect(await history(recipient, sender.id)).toEqual(forRecipient);
    expect(await history(sender, recipient.id)).toEqual(forSender);
    expect((await recipientLive).message).toEqual(forRecipient);
    expect((await senderLive).message).toEqual(forSender);
  });

  it('the sender’s link leads to the statement of reasons for that message, with their words; the recipient has none', async () => {
    const notices = await call(t, 'GET', '/api/moderation/notices', { token: sender.token });
    expect((notices.json.items as Json[]).map((n) => [n.id, n.target_type, n.decision, n.content])).toEqual([
      [noticeId, 'chat_message', 'content_removed', WORDS],
    ]);
    expect((await call(t, 'GET', '/api/moderation/notices', { token: recipient.token })).json.items).toEqual(
      [],
    );
  });

  it('an appeal that wins puts the words back for the recipient, at once', async () => {
    const appeal = await call(t, 'POST', '/api/moderation/appeals', {
      token: sender.token,
      body: { notice_id: noticeId, text: 'Ich war verzweifelt und habe das nicht so gemeint.' },
    });
    expect(appeal.status).toBe(201);
    const recipientLive = (await liveUpdates(recipient))();
    const reversed = await call(t, 'POST', `/api/admin/appeals/${appeal.json.id}/decision`, {
      token: mod2,
      body: { decision: 'reversed', statement: 'Verzweiflung, kein Angriff.' },
    });
    expect(reversed.status, reversed.text).toBe(200);
    expect((await recipientLive).message).toMatchObject({
      message: WORDS,
      removed_at: null,
      notice_id: null,
    });
    expect(await history(recipient, sender.id)).toMatchObject({ message: WORDS, removed_at: null });
  });
});
