import { describe, expect, it } from 'vitest';
import { FriendStatus, friendStatus, isPending, pairIsBefriended, pairIsPending } from './friendship.ts';

const { sent, received, befriended, none } = FriendStatus;

describe('SPEC §3 friend_status: named, and the two sides of a pair', () => {
  it('the four statuses keep their numbers (0 sent, 1 received, 2 befriended, 3 none)', () => {
    expect(FriendStatus).toEqual({ sent: 0, received: 1, befriended: 2, none: 3 });
    expect(friendStatus.safeParse(4).success).toBe(false);
    expect(friendStatus.safeParse(-1).success).toBe(false);
  });

  it('pending from one side: sent or received, nothing else', () => {
    expect([sent, received, befriended, none].map(isPending)).toEqual([true, true, false, false]);
  });

  it('a pair is pending only as sent/received either way round, befriended only when both are', () => {
    expect(pairIsPending(sent, received)).toBe(true);
    expect(pairIsPending(received, sent)).toBe(true);
    expect(pairIsPending(sent, sent)).toBe(false);
    expect(pairIsPending(none, received)).toBe(false);
    expect(pairIsBefriended(befriended, befriended)).toBe(true);
    expect(pairIsBefriended(befriended, none)).toBe(false);
  });
});
