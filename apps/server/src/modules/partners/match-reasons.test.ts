import { memberChannel } from '@trostnetz/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

type Reason = { question: string; answers: string[] };
const ALL_LOSSES = [
  'partner',
  'parent',
  'child',
  'sibling',
  'friend',
  'pregnancy',
  'suicide',
  'pet',
  'separation',
  'illness',
  'other',
];
const inCommon = { question: 'Was euch verbinden kann', answers: ['Ihr habt vielleicht etwas gemeinsam'] };
/** Shows what one lost, and how long ago, to one's partners (the profile's "Wer sieht was?"). */
const showLossToPartners = (m: MemberTokens) =>
  call(t, 'PATCH', '/api/profile/me', {
    token: m.token,
    body: { visibility: { loss_kind: 'partners', loss_when: 'partners' } },
  });

let group = 0;
/** Answers of a group of their own (language + region), so other tests' members never match. */
function answersOf(overrides: Record<string, string[] | string> = {}) {
  return {
    languages: ['pl'],
    region: [['de_berlin', 'de_bremen', 'de_hamburg', 'at', 'ch'][group % 5]!],
    ...overrides,
  };
}
const reasonOf = async (viewer: MemberTokens, other: number, locale: 'de' | 'en' = 'de') =>
  (await call(t, 'GET', `/api/profile/${other}`, { token: viewer.token, locale })).json.reason as Reason[];
const listed = async (viewer: MemberTokens, other: number) =>
  (
    (await call(t, 'GET', '/api/chat/partners', { token: viewer.token })).json as unknown as Array<{
      id: number;
      reason: Reason[];
    }>
  ).find((p) => p.id === other);

describe('issue 9 item 1: "why you match" never reveals what another member lost', () => {
  it('a visible member the matcher did not propose shows no reason, even to someone who ticked every loss', async () => {
    group += 1;
    const target = await onboardMember(t, answersOf({ loss_kind: ['suicide'], loss_when: ['lt_3m'] }));
    // Another language: never suggested to each other, yet visible to each other.
    const prober = await onboardMember(t, {
      ...answersOf({ loss_kind: ALL_LOSSES, loss_when: ['lt_3m'] }),
      languages: ['ar'],
    });
    const profile = await call(t, 'GET', `/api/profile/${target.id}`, { token: prober.token });
    expect(profile.status).toBe(200);
    expect(profile.json.reason).toEqual([]);
    expect(JSON.stringify(profile.json)).not.toMatch(/Suizid|suicide/i);
  });

  it('a suggestion says only "you may have something in common", once for both loss questions; the exact options are not in any answer', async () => {
    group += 1;
    const target = await onboardMember(t, answersOf({ loss_kind: ['suicide'], loss_when: ['lt_3m'] }));
    const prober = await onboardMember(t, answersOf({ loss_kind: ALL_LOSSES, loss_when: ['lt_3m'] }));
    const suggestions = (await call(t, 'GET', '/api/user/matching/suggestions', { token: prober.token })).json
      .suggestions as Array<{ id: number; reason: Reason[] }>;
    const suggestion = suggestions.find((s) => s.id === target.id)!;
    expect(suggestion.reason[0]).toEqual(inCommon);
    expect(suggestion.reason.filter((r) => r.answers.includes(inCommon.answers[0]!))).toHaveLength(1);
    expect((await listed(prober, target.id))?.reason).toEqual(suggestion.reason);
    expect(await reasonOf(prober, target.id)).toEqual(suggestion.reason);
    expect((await reasonOf(prober, target.id, 'en'))[0]).toEqual({
      question: 'What may connect you',
      answers: ['You may have something in common'],
    });
    // Shared answers that are not health data stay exact.
    expect(suggestion.reason).toContainEqual({
      question: 'Welche Art von Unterstützung wünschst du dir?',
      answers: ['Jemand, der zuhört'],
    });
    const everything = JSON.stringify([suggestions, await listed(prober, target.id)]);
    expect(everything).not.toMatch(/Suizid|Weniger als 3 Monate|Was hast du erlebt|Wie lange ist das her/);
  });

  it('exact health data only between partners who both show it: a request and partners by default keep the generic line', async () => {
    group += 1;
    const a = await onboardMember(t, answersOf({ loss_kind: ['child', 'parent'], loss_when: ['1_3y'] }));
    const b = await onboardMember(t, answersOf({ loss_kind: ['child'], loss_when: ['1_3y'] }));
    expect((await reasonOf(b, a.id))[0]).toEqual(inCommon);
    const sent = await call(t, 'POST', `/api/user/friend/request/send/${a.id}`, { token: b.token, body: {} });
    expect((sent.json.partner as { reason: Reason[] }).reason[0]).toEqual(inCommon);
    expect((await reasonOf(a, b.id))[0]).toEqual(inCommon);
    await call(t, 'POST', `/api/user/friend/request/accept/${b.id}`, { token: a.token, body: {} });
    // Partners, but neither chose to show it: still the one line.
    expect((await reasonOf(a, b.id))[0]).toEqual(inCommon);
    // Only one of them shows it: still the one line, to both.
    await showLossToPartners(a);
    expect((await reasonOf(a, b.id))[0]).toEqual(inCommon);
    expect((await reasonOf(b, a.id))[0]).toEqual(inCommon);
    await showLossToPartners(b);
    const exact = [
      { question: 'Was hast du erlebt?', answers: ['Tod eines Kindes'] },
      { question: 'Wie lange ist das her?', answers: ['1 bis 3 Jahre'] },
    ];
    expect((await reasonOf(a, b.id)).slice(0, 2)).toEqual(exact);
    expect((await listed(b, a.id))?.reason.slice(0, 2)).toEqual(exact);
    await call(t, 'POST', `/api/user/friend/list/remove/${b.id}`, { token: a.token, body: {} });
    expect((await reasonOf(a, b.id))[0]).toEqual(inCommon);
  });

  it('the reason is the one stored when the match was made: ticking every option later reveals nothing new', async () => {
    group += 1;
    const target = await onboardMember(
      t,
      answersOf({ loss_kind: ['pregnancy', 'partner'], loss_when: ['gt_3y'] }),
    );
    const prober = await onboardMember(t, answersOf({ loss_kind: ['partner'], loss_when: ['lt_3m'] }));
    await call(t, 'POST', `/api/user/friend/request/send/${target.id}`, { token: prober.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${prober.id}`, { token: target.token, body: {} });
    await showLossToPartners(prober);
    await showLossToPartners(target);
    const before = await reasonOf(prober, target.id);
    expect(before[0]).toEqual({
      question: 'Was hast du erlebt?',
      answers: ['Tod des Partners / der Partnerin'],
    });
    await call(t, 'POST', '/api/user/matching/reset', { token: prober.token });
    for (const [step, answers] of Object.entries({
      1: { role: ['seeker'] },
      2: { loss_kind: ALL_LOSSES, loss_when: ['gt_3y'] },
      3: { support_kind: ['listening'] },
      4: { age_group: ['36_50'] },
      5: {},
      6: answersOf(),
      7: { about: 'Noch einmal' },
    })) {
      const res = await call(t, 'POST', `/api/onboarding/steps/${step}`, {
        token: prober.token,
        body: { answers },
      });
      expect(res.status).toBe(200);
    }
    expect(await reasonOf(prober, target.id)).toEqual(before);
  });

  it('NewChatContact carries the generic line live', async () => {
    group += 1;
    const a = await onboardMember(t, answersOf({ loss_kind: ['sibling'], loss_when: ['3_12m'] }));
    const b = await onboardMember(t, answersOf({ loss_kind: ['sibling'], loss_when: ['3_12m'] }));
    const client = connectPusher(port, t.config.realtime.key, a.token);
    try {
      await subscribed(client, memberChannel(a.id, 'chat_contacts'));
      const got = waitFor<{ contact: { id: number; reason: Reason[] } }>((done) =>
        client.channel(memberChannel(a.id, 'chat_contacts')).bind('NewChatContact', done),
      );
      await call(t, 'POST', `/api/user/friend/request/send/${a.id}`, { token: b.token, body: {} });
      const event = await got;
      expect(event.contact.id).toBe(b.id);
      expect(event.contact.reason[0]).toEqual(inCommon);
    } finally {
      client.disconnect();
    }
  });

  it('profile reads are rate limited per member: 429 once the allowance is used up', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.config.rateLimits, profileRead: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const a = await onboardMember(limited);
      const b = await onboardMember(limited);
      const read = async () =>
        (await call(limited, 'GET', `/api/profile/${b.id}`, { token: a.token })).status;
      expect([await read(), await read(), await read()]).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
