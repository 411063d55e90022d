import { memberChannel } from '@trostnetz/contracts/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blocks } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import {
  type AnswerOverrides,
  answerAll,
  type MemberTokens,
  onboardMember,
  registerMember,
  signInFrom,
  verifyMember,
} from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { makeSuperAdmin } from '../../test/staff.ts';
import { call, createListeningTestApp, type TestApp } from '../../test/test-app.ts';
import { ACTIVE_WITHIN_DAYS } from './matching.service.ts';

/**
 * Issue 21: every matching rule decides on data built for it. Each test has its own community: a kind
 * of loss (the must-share filter) no other test uses, so the exact expected sets and orders hold.
 * The default member (factories.ts): seeker, lost a parent 3–12 months ago, wants listening, 36–50,
 * female, Berlin, German. Score of two default members: loss 5 + when 2 + support 3 + age 1 + region 2 = 13.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

type P = { id: number; friend_status: number; is_suggestion: boolean; reason: unknown };
const get = (m: MemberTokens, locale: 'de' | 'en' = 'de') =>
  call(t, 'GET', '/api/user/matching/suggestions', { token: m.token, locale });
const suggestionsOf = async (m: MemberTokens) => ((await get(m)).json.suggestions as P[]).map((p) => p.id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const idsOf = (ms: MemberTokens[]) => sorted(ms.map((m) => m.id));
const more = async (m: MemberTokens) =>
  (
    (await call(t, 'POST', '/api/user/matching/suggestions/more', { token: m.token })).json.suggestions as P[]
  ).map((p) => p.id);
/** A community of its own: every member of it lost this kind of loss (and maybe others). */
const community =
  (loss: string) =>
  (o: AnswerOverrides = {}) =>
    onboardMember(t, { loss_kind: [loss], ...o });

describe('matching rules: each hard filter decides', () => {
  it('matching rule: a suggestion shares at least one kind of loss; nothing else shared is enough', async () => {
    const me = await onboardMember(t, { loss_kind: ['partner', 'friend'], languages: ['ar'] });
    const sharesOne = await onboardMember(t, { loss_kind: ['friend'], languages: ['ar'] });
    // Same everything else (when, support, age, region, language), another loss: never suggested.
    const otherLoss = await onboardMember(t, { loss_kind: ['pet'], languages: ['ar'] });
    const sharesBoth = await onboardMember(t, { loss_kind: ['partner', 'friend'], languages: ['ar'] });
    expect(await suggestionsOf(me)).toEqual([sharesBoth.id, sharesOne.id]);
    expect(await suggestionsOf(otherLoss)).toEqual([]);
  });

  it('matching rule: a shared language is needed; one of several is enough', async () => {
    const join = community('pregnancy');
    const me = await join({ languages: ['tr', 'pl'] });
    const otherLanguage = await join({ languages: ['ru'] });
    const oneShared = await join({ languages: ['pl', 'ru'] });
    expect(sorted(await suggestionsOf(me))).toEqual(idsOf([oneShared]));
    expect(sorted(await suggestionsOf(otherLanguage))).toEqual(idsOf([oneShared]));
  });

  it('matching rule: supporters are suggested only to seekers, seekers to everyone', async () => {
    const join = community('illness');
    const supporter1 = await join({ role: ['supporter'] });
    const supporter2 = await join({ role: ['supporter'] });
    expect(await suggestionsOf(supporter2)).toEqual([]);
    const seeker = await join();
    expect(sorted(await suggestionsOf(seeker))).toEqual(idsOf([supporter1, supporter2]));
    const seeker2 = await join();
    expect(sorted(await suggestionsOf(seeker2))).toEqual(idsOf([supporter1, supporter2, seeker]));
  });

  it('matching rule: gender wishes hold in both directions; no wish accepts everyone', async () => {
    const join = community('separation');
    const me = await join({ gender: ['female'], partner_gender: ['male'] });
    const woman = await join({ gender: ['female'] });
    const manWantsMen = await join({ gender: ['male'], partner_gender: ['male'] });
    const manWantsWomen = await join({ gender: ['male'], partner_gender: ['female'] });
    const manNoWish = await join({ gender: ['male'] });
    const noGenderGiven = await join({ gender: [] });
    expect(sorted(await suggestionsOf(me))).toEqual(idsOf([manWantsWomen, manNoWish]));
    // A member who says no gender is not suggested to anyone with a wish, and sees those without one.
    expect(sorted(await suggestionsOf(noGenderGiven))).toEqual(idsOf([woman, manNoWish]));
    expect(await suggestionsOf(manWantsMen)).toEqual([manNoWish.id]);
  });

  it('matching rule: age wishes hold in both directions; no wish accepts every age', async () => {
    const join = community('suicide');
    const me = await join({ age_group: ['26_35'], partner_age: ['51_65', '66_plus'] });
    const tooYoung = await join({ age_group: ['18_25'] });
    const fits = await join({ age_group: ['51_65'] });
    const fitsButWantsOlder = await join({ age_group: ['66_plus'], partner_age: ['66_plus'] });
    const fitsAndWantsMine = await join({ age_group: ['66_plus'], partner_age: ['26_35'] });
    expect(sorted(await suggestionsOf(me))).toEqual(idsOf([fits, fitsAndWantsMine]));
    expect(await suggestionsOf(tooYoung)).toEqual([fits.id]);
    expect(await suggestionsOf(fitsButWantsOlder)).toEqual([]);
  });

  it('matching rule: nobody hidden in either direction is suggested, the others are', async () => {
    const join = community('other');
    const hidesMe = await join();
    const hiddenByMe = await join();
    const fine = await join();
    const me = await join();
    await t.app.ctx.db.insert(blocks).values([
      { blockerId: hidesMe.id, blockedId: me.id },
      { blockerId: me.id, blockedId: hiddenByMe.id },
    ]);
    expect(await suggestionsOf(me)).toEqual([fine.id]);
    expect(sorted(await suggestionsOf(hidesMe))).toEqual(idsOf([hiddenByMe, fine]));
  });

  it('matching rule: a paused member is suggested to nobody, and their own matches are not offered back', async () => {
    const join = community('child');
    const paused = await join({ languages: ['uk'] });
    expect((await call(t, 'POST', '/api/user/matching/status', { token: paused.token })).json).toEqual({
      success: true,
      matching_status: false,
    });
    const other = await join({ languages: ['uk'] });
    expect(await suggestionsOf(other)).toEqual([]);
    // The paused member still sees their own suggestions, but the other side is not offered them.
    expect(await suggestionsOf(paused)).toEqual([other.id]);
    expect(await suggestionsOf(other)).toEqual([]);
    await call(t, 'POST', '/api/user/matching/status', { token: paused.token });
    const later = await join({ languages: ['uk'] });
    expect(sorted(await suggestionsOf(later))).toEqual(idsOf([paused, other]));
  });
});

describe('matching rules: scores, order and limits', () => {
  it('matching rule: the best shared weight first, ties newest first, in exact order across "more suggestions"', async () => {
    const join = community('sibling');
    const score11a = await join({ region: ['ch'] }); // 13 − region 2
    const score13 = await join({ region: ['at'] });
    const score8 = await join({ region: ['ch'], support_kind: ['experience'] }); // 13 − 2 − 3
    const score11b = await join({ region: ['ch'] });
    const score11c = await join({ region: ['at'], loss_when: ['lt_3m'] }); // 13 − when 2
    // The last to finish onboarding chooses (suggestions come when onboarding is done).
    const me = await join({ region: ['at'] });
    // Limit 3: 13, then the newest two of the three 11s; then the last 11; then 8.
    expect(sorted(await suggestionsOf(me))).toEqual(idsOf([score13, score11c, score11b]));
    expect(await more(me)).toEqual([score11a.id, score8.id]);
    expect(await more(me)).toEqual([]);
  });

  it('matching rule: "Warum ihr passt" lists exactly the shared answers, health data as one generic line', async () => {
    const join = community('partner');
    const me = await join({ loss_kind: ['partner', 'friend'], support_kind: ['listening', 'experience'] });
    const other = await join({
      loss_kind: ['partner', 'parent'],
      support_kind: ['experience', 'regular'],
      region: ['de_bremen'],
    });
    const de = ((await get(me)).json.suggestions as P[])[0]!;
    expect(de.id).toBe(other.id);
    // Shared: partner (of two losses each), the time, one of two kinds of support, the age; not the region.
    expect(de.reason).toEqual([
      { question: 'Was euch verbinden kann', answers: ['Ihr habt vielleicht etwas gemeinsam'] },
      { question: 'Welche Art von Unterstützung wünschst du dir?', answers: ['Erfahrungen austauschen'] },
      { question: 'Wie alt bist du?', answers: ['36–50 Jahre'] },
    ]);
    const en = ((await get(me, 'en')).json.suggestions as P[])[0]!;
    expect(en.reason).toEqual([
      { question: 'What may connect you', answers: ['You may have something in common'] },
      { question: 'What kind of support would you like?', answers: ['Sharing experiences'] },
      { question: 'How old are you?', answers: ['36–50 years'] },
    ]);
  });

  it('matching rule: free members get 3, premium and super admins 10, an ended plan 3 again', async () => {
    const join = community('friend');
    const crowd: MemberTokens[] = [];
    // Seekers to be suggested; the four who ask are supporters, so they are never suggested to each other.
    for (let i = 0; i < 11; i++) crowd.push(await join({ languages: ['en'] }));
    const asking = { languages: ['en'], role: ['supporter'] };
    const free = await join(asking);
    const premium = await join(asking);
    const ended = await join(asking);
    const admin = await join(asking);
    const day = 86_400_000;
    await t.app.ctx.db
      .update(users)
      .set({ isPremium: true, premiumUntil: new Date(Date.now() + day) })
      .where(eq(users.id, premium.id));
    await t.app.ctx.db
      .update(users)
      .set({ isPremium: true, premiumUntil: new Date(Date.now() - day) })
      .where(eq(users.id, ended.id));
    await makeSuperAdmin(t, admin.id);
    const newest = (n: number) => idsOf(crowd.slice(crowd.length - n));
    for (const [m, limit] of [
      [free, 3],
      [premium, 10],
      [ended, 3],
      [admin, 10],
    ] as const) {
      const res = await get(m);
      expect(res.json.limit).toBe(limit);
      expect(sorted((res.json.suggestions as P[]).map((p) => p.id))).toEqual(newest(limit));
    }
  });
});

describe('matching rules: both members of a match', () => {
  it('matching rule: a partly full list is topped up by exactly the free places', async () => {
    const join = community('pet');
    // g1–g3 speak Polish only; p1 Turkish only, so p1 never meets them.
    for (let i = 0; i < 3; i++) await join({ languages: ['pl'] });
    const p1 = await join({ languages: ['tr'], region: ['at'] });
    // o finds only p1 and is offered back: p1 has one open suggestion and two free places.
    const o = await join({ languages: ['tr'], region: ['at'] });
    expect(await suggestionsOf(o)).toEqual([p1.id]);
    // q1–q3 speak both and prefer the Polish members and each other (13) to p1 (11): none is offered to p1.
    const qs: MemberTokens[] = [];
    for (let i = 0; i < 3; i++) qs.push(await join({ languages: ['tr', 'pl'] }));
    // p1 asks: one open, three candidates, two places: the newest two.
    expect(sorted(await suggestionsOf(p1))).toEqual(idsOf([o, qs[1]!, qs[2]!]));
  });

  it('matching rule: a new match is offered back when the other has room, live, and never into a full list', async () => {
    const join = community('parent');
    const ch = { languages: ['ru'], region: ['ch'] };
    const at = { languages: ['ru'], region: ['at'] };
    const first = await join(ch);
    const a = await join(at);
    const b = await join(at);
    const c = await join(at);
    // Each finds the earlier ones when onboarding is done and is offered back to them: all know each other.
    expect(sorted(await suggestionsOf(first))).toEqual(idsOf([a, b, c]));
    expect(sorted(await suggestionsOf(a))).toEqual(idsOf([first, b, c]));

    // A full list: d's best match is first (13 against 11), but first has no room and is not offered d.
    const d = await join(ch);
    expect(sorted(await suggestionsOf(d))).toEqual(idsOf([first, b, c]));
    expect(sorted(await suggestionsOf(first))).toEqual(idsOf([a, b, c]));

    // A list partly full: `b` passes on everything and has room; a new member's match reaches `b` live.
    const pusher = connectPusher(port, t.config.realtime.key, b.token);
    try {
      await subscribed(pusher, memberChannel(b.id, 'chat_contacts'));
      const live = waitFor<{ contact: { id: number }; friend_status: number }>((done) =>
        pusher.channel(memberChannel(b.id, 'chat_contacts')).bind('NewChatContact', done),
      );
      // b is full (a, first, c) until b hides first: then b has one free place.
      expect(
        (await call(t, 'POST', '/api/block', { token: b.token, body: { userId: first.id } })).status,
      ).toBe(201);
      const e = await join(at);
      // e: a, b, c (13 each); c and a are full, b has room and hears of e live.
      expect(sorted(await suggestionsOf(e))).toEqual(idsOf([a, b, c]));
      const pushed = await live;
      expect(pushed.friend_status).toBe(3);
      expect(pushed.contact.id).toBe(e.id);
      expect(sorted(await suggestionsOf(b))).toEqual(idsOf([a, c, e]));
      expect(sorted(await suggestionsOf(c))).toEqual(idsOf([first, a, b]));
    } finally {
      pusher.disconnect();
    }
  });
});

describe('matching rules: only members active recently are suggested', () => {
  afterEach(() => vi.useRealTimers());
  const DAY = 86_400_000;
  // Everyone registers now; from the start of tomorrow (UTC) the clock moves forward as days pass.
  const tomorrow = () => (Math.floor(Date.now() / DAY) + 1) * DAY;
  /** A community of its own: lost a pregnancy, speaks only this language (nobody else in this file). */
  const join = (language: string) => () =>
    onboardMember(t, { loss_kind: ['pregnancy'], languages: [language] });
  /** Signs in afresh at `at` (a token from weeks before has expired). */
  async function signedInAt(m: MemberTokens, at: number): Promise<MemberTokens> {
    vi.setSystemTime(at);
    return { ...m, token: (await signInFrom(t, m.email, 'Firefox on Linux')).token };
  }
  /** The member's app pings last seen at `at` (SPEC.md §7: every 60 s while a page is open). */
  async function seenAt(m: MemberTokens, at: number) {
    const now = await signedInAt(m, at);
    expect((await call(t, 'POST', '/api/profile/last_seen', { token: now.token })).status).toBe(204);
    return now;
  }
  /** Registered now, finishes the questionnaire at `at`: their suggestions are found then. */
  async function asksAt(language: string, at: number) {
    const m = await registerMember(t);
    await verifyMember(t, m);
    await makeSuperAdmin(t, m.id); // room for ten: whoever is left out is left out by the rule
    const now = await signedInAt(m, at);
    await answerAll(t, now, { loss_kind: ['pregnancy'], languages: [language] });
    return now;
  }

  it('matching rule: a member last seen 59 or 60 days ago is suggested, 61 days ago not, counted in whole UTC days; seen again, suggested again', async () => {
    expect(ACTIVE_WITHIN_DAYS).toBe(60);
    const d0 = tomorrow();
    const [b61, b61LastMs, b60FirstMs, b60, b59] = [
      await join('uk')(),
      await join('uk')(),
      await join('uk')(),
      await join('uk')(),
      await join('uk')(),
    ];
    await seenAt(b61, d0 + 12 * 3_600_000);
    await seenAt(b61LastMs, d0 + DAY - 1);
    await seenAt(b60FirstMs, d0 + DAY);
    await seenAt(b60, d0 + DAY + 12 * 3_600_000);
    await seenAt(b59, d0 + 2 * DAY + 12 * 3_600_000);
    vi.useRealTimers();
    // At the first moment of the 61st day after d0: b61LastMs was seen 60 days and 1 ms before, on the 61st day before.
    const me = await asksAt('uk', d0 + 61 * DAY);
    expect(sorted(await suggestionsOf(me))).toEqual(idsOf([b59, b60, b60FirstMs]));

    // Back: from the app's first ping on, suggested again.
    await seenAt(b61, d0 + 61 * DAY + 60_000);
    expect(await more(me)).toEqual([b61.id]);
  });

  it('matching rule: while nobody pinged yet, the registration counts: 60 days after its day suggested, 61 not', async () => {
    const quiet = await join('ar')();
    const registeredOn = Math.floor(Date.now() / DAY) * DAY;
    expect(await suggestionsOf(await asksAt('ar', registeredOn + 61 * DAY - 1))).toContain(quiet.id);
    vi.useRealTimers();
    expect(await suggestionsOf(await asksAt('ar', registeredOn + 61 * DAY))).not.toContain(quiet.id);
  });

  it('matching rule: an open suggestion of a member not seen for 61 days is passed over for good, and its place goes to someone active', async () => {
    const left = await join('en')();
    const stays = await join('en')();
    expect(await suggestionsOf(stays)).toEqual([left.id]);
    const newer = await registerMember(t);
    await verifyMember(t, newer);
    const later = (Math.floor(Date.now() / DAY) + 61) * DAY;
    const back = await seenAt(stays, later);
    expect(await suggestionsOf(back)).toEqual([]);
    // A member who finishes the questionnaire then finds `stays` and is offered back into the free place.
    // (The questionnaire is a screen of the app, which pings while it is open.)
    await answerAll(t, await seenAt(newer, later), { loss_kind: ['pregnancy'], languages: ['en'] });
    expect(await suggestionsOf(back)).toEqual([newer.id]);
    // Back after all, `left` is not suggested to `stays` again: passed over, as by "more suggestions".
    await seenAt(left, later);
    expect(await more(back)).toEqual([]);
  });
});
