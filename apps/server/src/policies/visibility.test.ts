import { FriendStatus } from '@trostnetz/contracts/friendship';
import { DEFAULT_VISIBILITY } from '@trostnetz/contracts/profile';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairKey, sideColumns } from '../db/pair-side.ts';
import { type PairRow, partnerships } from '../db/schema/partnerships.ts';
import { blocks } from '../db/schema/safety.ts';
import { users } from '../db/schema/users.ts';
import { onboardMember, registerMember, verifyMember } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  befriendedPartner,
  mayJoinConversation,
  mayWrite,
  mayWriteNow,
  readableConversation,
  shareReadReceipts,
} from './conversations.ts';
import { isGone, isOnboarded, knownMember, shownAs, visibleMember } from './members.ts';
import {
  mayShowExact,
  mayShowItem,
  mayShowReason,
  mayViewAvatar,
  relationOf,
  visibilityOf,
} from './profile.ts';

/**
 * Issue 21: the visibility, conversation and profile rules, each decided on members who differ only in
 * what the rule checks (hidden either way, unverified, not onboarded, deleted or leaving, befriended or
 * not, suggested on either side).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
// Supporters are never suggested to each other: no pair exists but the ones a test makes.
const member = async () => (await onboardMember(t, { role: ['supporter'] })).id;
const hide = (blockerId: number, blockedId: number) => db().insert(blocks).values({ blockerId, blockedId });
const setUser = (id: number, set: Partial<typeof users.$inferInsert>) =>
  db().update(users).set(set).where(eq(users.id, id));

/** A pair row of `a` and `b`: a's side and b's side given separately. */
async function pair(
  a: number,
  b: number,
  sides: { a?: number; b?: number; aSuggested?: boolean; bSuggested?: boolean; befriended?: boolean } = {},
): Promise<PairRow> {
  const { low, high } = pairKey(a, b);
  const now = new Date();
  const [row] = await db()
    .insert(partnerships)
    .values({
      userLow: low,
      userHigh: high,
      befriendedAt: sides.befriended ? now : null,
      ...sideColumns(
        a,
        b,
        { status: (sides.a ?? FriendStatus.none) as never, suggestedAt: sides.aSuggested ? now : null },
        { status: (sides.b ?? FriendStatus.none) as never, suggestedAt: sides.bSuggested ? now : null },
      ),
    })
    .returning();
  return row!;
}
const friends = (a: number, b: number) =>
  pair(a, b, { a: FriendStatus.befriended, b: FriendStatus.befriended, befriended: true });

describe('members policy: who is a visible member', () => {
  it('visibility rule: onboarded means a negative matching step; gone means deleted or leaving', () => {
    expect([-1, 0, 1].map((matchingStep) => isOnboarded({ matchingStep }))).toEqual([true, false, false]);
    const d = new Date();
    expect(
      [
        { deletedAt: null, deletionRequestedAt: null },
        { deletedAt: d, deletionRequestedAt: null },
        { deletedAt: null, deletionRequestedAt: d },
      ].map(isGone),
    ).toEqual([false, true, true]);
    expect(
      shownAs({ nickname: 'Ada', avatar: 'a.webp', deletedAt: null, deletionRequestedAt: null }),
    ).toEqual({
      nickname: 'Ada',
      avatar: 'a.webp',
    });
    expect(shownAs({ nickname: 'Ada', avatar: '', deletedAt: null, deletionRequestedAt: null })).toEqual({
      nickname: 'Ada',
      avatar: null,
    });
    expect(shownAs({ nickname: 'Ada', avatar: 'a.webp', deletedAt: null, deletionRequestedAt: d })).toEqual({
      nickname: '',
      avatar: null,
    });
  });

  it('visibility rule: a member sees active members, never oneself, nobody hidden either way, unverified, not onboarded or gone', async () => {
    const me = await member();
    const [fine, hidesMe, hiddenByMe, leaving, deleted] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const unverified = (await registerMember(t)).id;
    const notOnboarded = await registerMember(t);
    await verifyMember(t, notOnboarded);
    await hide(hidesMe, me);
    await hide(me, hiddenByMe);
    await setUser(leaving, { deletionRequestedAt: new Date() });
    await setUser(deleted, { deletedAt: new Date() });
    const sees = async (id: number) => (await visibleMember(db(), me, id))?.id ?? null;
    expect(await sees(fine)).toBe(fine);
    for (const id of [me, hidesMe, hiddenByMe, leaving, deleted, unverified, notOnboarded.id])
      expect(await sees(id), String(id)).toBeNull();
    const viewer = { id: me, matchingStep: -1 };
    expect(await mayViewAvatar(db(), viewer, me)).toBe(true);
    expect(await mayViewAvatar(db(), viewer, fine)).toBe(true);
    expect(await mayViewAvatar(db(), viewer, hidesMe)).toBe(false);
    expect(await mayViewAvatar(db(), viewer, unverified)).toBe(false);
    // A member who may not see profiles yet (questionnaire not done) sees no one's picture but their own.
    const early = { id: notOnboarded.id, matchingStep: 2 };
    expect(await mayViewAvatar(db(), early, fine)).toBe(false);
    expect(await mayViewAvatar(db(), early, notOnboarded.id)).toBe(true);
  });

  it('visibility rule: known members are the visible ones, anyone paired once and anyone one hid; not oneself, not strangers', async () => {
    const me = await member();
    const visible = await member();
    const pairedThenHidMe = await member();
    const iHid = await member();
    const strangerHidMe = await member();
    const unverified = (await registerMember(t)).id;
    await pair(me, pairedThenHidMe, { aSuggested: true });
    await hide(pairedThenHidMe, me);
    await hide(me, iHid);
    await hide(strangerHidMe, me);
    const known = async (id: number) => (await knownMember(db(), me, id))?.id ?? null;
    expect(await known(visible)).toBe(visible);
    expect(await known(pairedThenHidMe)).toBe(pairedThenHidMe);
    expect(await known(iHid)).toBe(iHid);
    expect(await known(strangerHidMe)).toBeNull();
    expect(await known(unverified)).toBeNull();
    expect(await known(me)).toBeNull();
  });
});

describe('conversations policy: read, write and join', () => {
  it('conversation rule: readable once befriended (also after the partner left), never when hidden or never befriended', async () => {
    const me = await member();
    const [friend, leaving, hiddenFriend, onlyAsked] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const row = await friends(me, friend);
    await friends(me, leaving);
    await friends(me, hiddenFriend);
    await pair(me, onlyAsked, { a: FriendStatus.sent, b: FriendStatus.received });
    await setUser(leaving, { deletionRequestedAt: new Date() });
    await hide(hiddenFriend, me);
    expect(await readableConversation(db(), me, friend)).toMatchObject({ id: row.id, partnerDeleted: false });
    expect(await readableConversation(db(), me, leaving)).toMatchObject({ partnerDeleted: true });
    expect(await readableConversation(db(), me, hiddenFriend)).toBeUndefined();
    expect(await readableConversation(db(), me, onlyAsked)).toBeUndefined();
    expect(await readableConversation(db(), me, me)).toBeUndefined();
  });

  /** A member with a friend, a friend who is leaving, a friend hidden one way, and a member only asked. */
  async function writingCircle(hiding: 'me hides' | 'hides me') {
    const me = await member();
    const [friend, leaving, hidden, asked] = [await member(), await member(), await member(), await member()];
    await friends(me, friend);
    await friends(me, leaving);
    await friends(me, hidden);
    await pair(me, asked, { a: FriendStatus.sent, b: FriendStatus.received });
    await setUser(leaving, { deletionRequestedAt: new Date() });
    if (hiding === 'me hides') await hide(me, hidden);
    else await hide(hidden, me);
    return { me, friend, leaving, hidden, asked };
  }

  it('conversation rule: writable only while both are befriended, nobody hid the other and the partner is there', async () => {
    const { me, friend, leaving, hidden: hiddenFriend, asked } = await writingCircle('me hides');
    const writable = async (partner: number) =>
      (
        await db()
          .select({ id: partnerships.id })
          .from(partnerships)
          .innerJoin(users, eq(users.id, partner))
          .where(mayWrite(me, partner))
      ).length;
    expect([
      await writable(friend),
      await writable(leaving),
      await writable(hiddenFriend),
      await writable(asked),
    ]).toEqual([1, 0, 0, 0]);
  });

  it('conversation rule: asked on its own, writing is allowed to a befriended partner only (not leaving, hidden, asked or oneself)', async () => {
    const { me, friend, leaving, hidden: hidesMe, asked } = await writingCircle('hides me');
    const answers = [];
    for (const partner of [friend, leaving, hidesMe, asked, me])
      answers.push(await mayWriteNow(db(), me, partner));
    expect(answers).toEqual([true, false, false, false, false]);
    expect(await mayWriteNow(db(), friend, me)).toBe(true);
  });

  it('conversation rule: read receipts are shared only while both members have them on', async () => {
    const [a, b, offA, offB] = [await member(), await member(), await member(), await member()];
    await setUser(offA, { chatReadReceipts: false });
    await setUser(offB, { chatReadReceipts: false });
    expect([
      await shareReadReceipts(db(), a, b),
      await shareReadReceipts(db(), b, a),
      await shareReadReceipts(db(), a, offA),
      await shareReadReceipts(db(), offB, b),
      await shareReadReceipts(db(), offA, offB),
    ]).toEqual([true, true, false, false, false]);
    // One's own conversation with oneself does not exist, but the rule still reads one row for it.
    expect([await shareReadReceipts(db(), a, a), await shareReadReceipts(db(), offA, offA)]).toEqual([
      true,
      false,
    ]);
    // An id that is no account shares nothing.
    expect(await shareReadReceipts(db(), a, 999_999_999)).toBe(false);
  });

  it('conversation rule: the live channel is open to both partners only while befriended and not hidden', async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const ab = await friends(a, b);
    const ac = await friends(a, c);
    const ad = await pair(a, d, { a: FriendStatus.received, b: FriendStatus.sent });
    await hide(c, a);
    expect(await mayJoinConversation(db(), a, ab.id)).toBe(true);
    expect(await mayJoinConversation(db(), b, ab.id)).toBe(true);
    expect(await mayJoinConversation(db(), c, ab.id)).toBe(false);
    expect(await mayJoinConversation(db(), a, ac.id)).toBe(false);
    expect(await mayJoinConversation(db(), c, ac.id)).toBe(false);
    expect(await mayJoinConversation(db(), a, ad.id)).toBe(false);
    expect(await mayJoinConversation(db(), d, ad.id)).toBe(false);
    // The befriended partner may be removed even when gone; not after hiding, not without friendship.
    await setUser(b, { deletedAt: new Date() });
    expect((await befriendedPartner(db(), a, b))?.id).toBe(b);
    expect(await befriendedPartner(db(), a, c)).toBeUndefined();
    expect(await befriendedPartner(db(), a, d)).toBeUndefined();
    expect(await befriendedPartner(db(), a, a)).toBeUndefined();
  });
});

describe('profile policy: relations and who sees which item', () => {
  it('profile rule: the relation is self, partner, suggestion (suggested on either side) or member', async () => {
    const [a, b, c, d, e] = [await member(), await member(), await member(), await member(), await member()];
    const ab = await friends(a, b);
    const ac = await pair(a, c, { aSuggested: true });
    const ad = await pair(a, d, { bSuggested: true });
    const ae = await pair(a, e, { a: FriendStatus.sent, b: FriendStatus.received });
    expect(relationOf(ab, a, a)).toBe('self');
    expect(relationOf(undefined, a, b)).toBe('member');
    expect(relationOf(ab, a, b)).toBe('partner');
    expect([relationOf(ac, a, c), relationOf(ac, c, a)]).toEqual(['suggestion', 'suggestion']);
    expect([relationOf(ad, a, d), relationOf(ad, d, a)]).toEqual(['suggestion', 'suggestion']);
    expect([relationOf(ae, a, e), relationOf(ae, e, a)]).toEqual(['member', 'member']);
  });

  it('profile rule: stored choices override the defaults, unknown audiences and a wider audience for health data do not', () => {
    expect(visibilityOf(null)).toEqual(DEFAULT_VISIBILITY);
    expect(visibilityOf({ region: 'members', motto: 'partners' })).toEqual({
      ...DEFAULT_VISIBILITY,
      region: 'members',
      motto: 'partners',
    });
    expect(visibilityOf({ region: 'everyone' as never })).toEqual(DEFAULT_VISIBILITY);
    expect(visibilityOf({ loss_kind: 'members', loss_when: 'suggestions' })).toEqual(DEFAULT_VISIBILITY);
    expect(visibilityOf({ loss_kind: 'nobody' })).toEqual({ ...DEFAULT_VISIBILITY, loss_kind: 'nobody' });
  });

  it('profile rule: an item reaches exactly the relations of its audience', () => {
    const relations = ['self', 'partner', 'suggestion', 'member'] as const;
    const reach = (audience: 'members' | 'suggestions' | 'partners' | 'nobody') =>
      relations.filter((r) => mayShowItem({ ...DEFAULT_VISIBILITY, region: audience }, 'region', r));
    expect(reach('members')).toEqual(['self', 'partner', 'suggestion', 'member']);
    expect(reach('suggestions')).toEqual(['self', 'partner', 'suggestion']);
    expect(reach('partners')).toEqual(['self', 'partner']);
    expect(reach('nobody')).toEqual(['self']);
  });

  it('profile rule: "why you match" always may show the generic health line, other items by their audience, the rest always', () => {
    const v = { ...DEFAULT_VISIBILITY, region: 'partners' as const, loss_when: 'nobody' as const };
    expect(mayShowReason(v, 'languages', 'member')).toBe(true);
    expect(mayShowReason(v, 'loss_kind', 'suggestion')).toBe(true);
    expect(mayShowReason(v, 'loss_when', 'partner')).toBe(true);
    expect(mayShowReason(v, 'region', 'suggestion')).toBe(false);
    expect(mayShowReason(v, 'region', 'partner')).toBe(true);
  });

  it('profile rule: the exact shared loss shows only between partners who both show it to partners', () => {
    const shows = { ...DEFAULT_VISIBILITY, loss_kind: 'partners' as const };
    const hides = DEFAULT_VISIBILITY;
    expect(hides.loss_kind).toBe('nobody');
    expect(hides.loss_when).toBe('nobody');
    expect(mayShowExact(shows, shows, 'loss_kind', 'partner')).toBe(true);
    expect(mayShowExact(shows, hides, 'loss_kind', 'partner')).toBe(false);
    expect(mayShowExact(hides, shows, 'loss_kind', 'partner')).toBe(false);
    expect(mayShowExact(shows, shows, 'loss_kind', 'suggestion')).toBe(false);
    expect(mayShowExact(shows, shows, 'loss_kind', 'member')).toBe(false);
    expect(mayShowExact(shows, shows, 'loss_when', 'partner')).toBe(false);
  });
});
