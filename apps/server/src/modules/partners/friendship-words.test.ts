import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendshipWords } from '../../db/schema/partnerships.ts';
import { eraseMember, exportMember } from '../../lifecycle/member-data-table.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { sendWaitingNotices } from '../../test/notices.ts';
import { browserKeys, decryptPush, pushService } from '../../test/push-service.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';

/**
 * SPEC.md §4: accept, deny, retract and remove carry an optional message. Its words reach the other
 * member also when they were not looking: their profile screen of the author, the notification centre
 * and, for accept and remove, the chat history. Never a third member, never a mail or a push.
 */

let t: TestApp;
let push: Awaited<ReturnType<typeof pushService>>;
beforeAll(async () => {
  t = await createTestApp();
  push = await pushService();
});
afterAll(async () => {
  await push.close();
  await t.close();
});

let group = 0;
/** Two members who fit each other, and a third of the same kind who is nobody's partner. */
async function members(locale: 'de' | 'en' = 'de'): Promise<[MemberTokens, MemberTokens, MemberTokens]> {
  group += 1;
  const answers = { loss_kind: ['friend'], languages: ['de'], about: `Worte ${group}` };
  return [
    await onboardMember(t, answers, { locale }),
    await onboardMember(t, answers),
    await onboardMember(t, answers),
  ];
}

const act = (m: MemberTokens, action: string, other: number, message?: string) =>
  call(
    t,
    'POST',
    action === 'remove'
      ? `/api/user/friend/list/remove/${other}`
      : `/api/user/friend/request/${action}/${other}`,
    { token: m.token, body: message === undefined ? {} : { message } },
  );
const ok = async (res: Promise<{ status: number; text: string }>) => {
  const r = await res;
  expect(r.status, r.text).toBe(200);
};

const profileWords = async (viewer: MemberTokens, of: number) => {
  const res = await call(t, 'GET', `/api/profile/${of}`, { token: viewer.token });
  expect(res.status).toBe(200);
  return res.json.words as { action: string; message: string } | null;
};
interface Item {
  kind: string;
  actor: { id: number } | null;
  url: string;
  words: { action: string; message: string } | null;
}
const notificationsOf = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/notifications', { token: m.token })).json.data as unknown as Item[];
const turnsOf = async (m: MemberTokens, partner: number) => {
  const res = await call(t, 'GET', `/api/chat/${partner}/messages`, { token: m.token });
  expect(res.status).toBe(200);
  return res.json.turns as Array<{ user_id: number; action: string; message: string }>;
};
const allText = async (m: MemberTokens) =>
  JSON.stringify([
    await notificationsOf(m),
    (await call(t, 'GET', '/api/chat/partners', { token: m.token })).json,
  ]);

describe('words at a friendship’s turning points', () => {
  it('the words written when accepting reach the requester later: profile, notification centre, chat history; nobody else', async () => {
    const [a, b, c] = await members();
    await ok(act(a, 'send', b.id, 'Magst du schreiben?'));
    await ok(act(b, 'accept', a.id, 'Sehr gerne, ich bin da.'));

    expect(await profileWords(a, b.id)).toMatchObject({
      action: 'accept',
      message: 'Sehr gerne, ich bin da.',
    });
    const accepted = (await notificationsOf(a)).find((n) => n.kind === 'friend_accepted');
    expect(accepted).toMatchObject({
      actor: { id: b.id },
      url: `/chat/${b.id}`,
      words: { action: 'accept', message: 'Sehr gerne, ich bin da.' },
    });
    // Both see the beginning in their conversation.
    for (const [m, other] of [
      [a, b.id],
      [b, a.id],
    ] as const) {
      expect(await turnsOf(m, other)).toEqual([
        expect.objectContaining({ user_id: b.id, action: 'accept', message: 'Sehr gerne, ich bin da.' }),
      ]);
    }
    // Not the author's own words shown back as if received, and nothing for a third member.
    expect(await profileWords(b, a.id)).toBeNull();
    expect(await profileWords(c, b.id)).toBeNull();
    expect(await allText(c)).not.toContain('ich bin da');
    expect((await call(t, 'GET', `/api/chat/${b.id}/messages`, { token: c.token })).status).toBe(404);
  });

  it('the words written when declining reach the requester later: profile and notification centre', async () => {
    const [a, b, c] = await members();
    await ok(act(a, 'send', b.id));
    await ok(act(b, 'deny', a.id, 'Ich schaffe es gerade nicht, verzeih.'));

    expect(await profileWords(a, b.id)).toMatchObject({
      action: 'deny',
      message: 'Ich schaffe es gerade nicht, verzeih.',
    });
    expect((await notificationsOf(a)).find((n) => n.kind === 'friend_words')).toMatchObject({
      actor: { id: b.id },
      url: `/profile/${b.id}`,
      words: { action: 'deny', message: 'Ich schaffe es gerade nicht, verzeih.' },
    });
    expect(await profileWords(c, b.id)).toBeNull();
    expect(await allText(c)).not.toContain('verzeih');
  });

  it('the words written when withdrawing reach the recipient later, in place of the withdrawn request', async () => {
    const [a, b] = await members();
    await ok(act(a, 'send', b.id, 'Hallo'));
    await ok(act(a, 'retract', b.id, 'Ich war zu schnell, alles Gute dir.'));

    expect(await profileWords(b, a.id)).toMatchObject({
      action: 'retract',
      message: 'Ich war zu schnell, alles Gute dir.',
    });
    const items = await notificationsOf(b);
    expect(items.map((n) => n.kind)).toEqual(['friend_words']);
    expect(items[0]).toMatchObject({
      words: { action: 'retract', message: 'Ich war zu schnell, alles Gute dir.' },
    });
  });

  it('the words written when ending reach the former partner later: profile, notification centre, chat history', async () => {
    const [a, b, c] = await members();
    await ok(act(a, 'send', b.id));
    await ok(act(b, 'accept', a.id, 'Schön, dass du da bist.'));
    await ok(act(a, 'remove', b.id, 'Danke für alles. Ich brauche eine Pause.'));

    expect(await profileWords(b, a.id)).toMatchObject({
      action: 'remove',
      message: 'Danke für alles. Ich brauche eine Pause.',
    });
    expect((await notificationsOf(b)).find((n) => n.kind === 'friend_words')).toMatchObject({
      actor: { id: a.id },
      words: { action: 'remove', message: 'Danke für alles. Ich brauche eine Pause.' },
    });
    expect((await turnsOf(b, a.id)).map((x) => [x.user_id, x.action, x.message])).toEqual([
      [b.id, 'accept', 'Schön, dass du da bist.'],
      [a.id, 'remove', 'Danke für alles. Ich brauche eine Pause.'],
    ]);
    // The accept's words no longer describe the pair: the profile shows them no more.
    expect(await profileWords(a, b.id)).toBeNull();
    expect(await allText(c)).not.toContain('Pause');
  });

  it('words of an earlier step stay in the past once the pair moved on without words', async () => {
    const [a, b] = await members();
    await ok(act(a, 'send', b.id));
    await ok(act(b, 'deny', a.id, 'Nicht jetzt.'));
    await ok(act(a, 'send', b.id));
    expect(await profileWords(a, b.id)).toBeNull();
    await ok(act(b, 'deny', a.id));
    expect(await profileWords(a, b.id)).toBeNull();
  });

  it('no words, no extra notice: declining, withdrawing and ending without words stay quiet as before', async () => {
    const [a, b] = await members();
    await ok(act(a, 'send', b.id));
    await ok(act(b, 'deny', a.id));
    expect((await notificationsOf(a)).map((n) => n.kind)).toEqual([]);
    expect(await profileWords(a, b.id)).toBeNull();
  });

  it('a hidden member’s words do not arrive: hiding forgets the words between the two, both ways', async () => {
    const [a, b] = await members();
    await ok(act(a, 'send', b.id));
    await ok(act(b, 'deny', a.id, 'Es tut mir leid.'));
    expect((await notificationsOf(a)).some((n) => n.words?.message === 'Es tut mir leid.')).toBe(true);
    expect((await call(t, 'POST', '/api/block', { token: a.token, body: { userId: b.id } })).status).toBe(
      201,
    );
    expect(await allText(a)).not.toContain('Es tut mir leid');
    const kept = await t.app.ctx.db
      .select()
      .from(friendshipWords)
      .where(or(eq(friendshipWords.authorId, b.id), eq(friendshipWords.recipientId, b.id)));
    expect(kept).toEqual([]);
  });

  it('the words are the author’s data: the export holds them, erasing the author removes them everywhere', async () => {
    const [a, b] = await members();
    await ok(act(a, 'send', b.id));
    await ok(act(b, 'accept', a.id, 'Ich freue mich auf dich.'));
    const exported = (await exportMember(t.app.ctx, b.id)) as { partners: { words_written: unknown[] } };
    expect(exported.partners.words_written).toEqual([
      expect.objectContaining({ to: a.id, action: 'accept', message: 'Ich freue mich auf dich.' }),
    ]);
    // Only the author's: the requester's export does not hold them.
    expect(JSON.stringify(await exportMember(t.app.ctx, a.id))).not.toContain('Ich freue mich');

    await eraseMember(t.app.ctx, b.id);
    expect(
      await t.app.ctx.db.select().from(friendshipWords).where(eq(friendshipWords.authorId, b.id)),
    ).toEqual([]);
    expect(await turnsOf(a, b.id)).toEqual([]);
    expect(await allText(a)).not.toContain('Ich freue mich');
  });

  it('the words keep to the length SPEC.md allows (500 characters): longer is a clear 422, nothing kept', async () => {
    const [a, b] = await members();
    await ok(act(a, 'send', b.id));
    const res = await act(b, 'accept', a.id, 'x'.repeat(501));
    expect(res.status).toBe(422);
    await ok(act(b, 'accept', a.id, 'x'.repeat(500)));
    expect((await profileWords(a, b.id))?.message).toHaveLength(500);
  });

  it('mails and pushes never carry the words, in either language', async () => {
    const [a, b] = await members('en');
    // The requester wants everything by mail and push, at any hour.
    const everything = { in_app: true, email: true, push: true };
    const prefs = await call(t, 'PUT', '/api/user/notifications', {
      token: a.token,
      body: {
        choices: { friend_accepted: everything, friend_words: everything },
        quiet_hours: { start: 3, end: 3 },
      },
    });
    expect(prefs.status, prefs.text).toBe(200);
    const keys = browserKeys();
    const endpoint = push.another();
    expect(
      (
        await call(t, 'POST', '/api/push/subscriptions', {
          token: a.token,
          body: { endpoint, keys: keys.keys },
        })
      ).status,
    ).toBe(204);
    const before = push.received.length;

    await ok(act(a, 'send', b.id));
    await ok(act(b, 'accept', a.id, 'Geheime Worte eins'));
    await ok(act(b, 'remove', a.id, 'Geheime Worte zwei'));
    await t.app.ctx.jobs.drain();
    await sendWaitingNotices(t);

    const pushes = push.received.slice(before).filter((r) => r.url === new URL(endpoint).pathname);
    const bodies = pushes.map((r) => decryptPush(r.body, keys) as { body: string });
    expect(bodies).toHaveLength(2);
    expect(bodies.map((p) => p.body)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/accepted your request/),
        expect.stringMatching(/left you a few words/),
      ]),
    );
    const mails = (await outbox(t)).filter((m) => m.to.includes(a.email));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.some((m) => m.text.includes('left you a few words'))).toBe(true);
    for (const text of [...mails.map((m) => m.text + m.subject), ...bodies.map((p) => JSON.stringify(p))]) {
      expect(text).not.toContain('Geheime Worte');
    }
    // In the app, the same notice shows them.
    expect((await notificationsOf(a)).map((n) => n.words?.message)).toContain('Geheime Worte zwei');
  });
});
