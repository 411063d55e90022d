import { z } from 'zod';

/**
 * SPEC.md §3/§4 friend_status, always from one member's side of a pair. A pair is stored once with
 * both sides' statuses; the two sides agree in exactly these ways: none/none, sent/received
 * (one asked the other), befriended/befriended.
 */
export const FriendStatus = { sent: 0, received: 1, befriended: 2, none: 3 } as const;
export type FriendStatus = (typeof FriendStatus)[keyof typeof FriendStatus];

export const friendStatus = z.union([
  z.literal(FriendStatus.sent),
  z.literal(FriendStatus.received),
  z.literal(FriendStatus.befriended),
  z.literal(FriendStatus.none),
]);

/** My side waits for an answer: I asked, or I was asked. */
export const isPending = (mine: FriendStatus | number) =>
  mine === FriendStatus.sent || mine === FriendStatus.received;

/** Both sides of a pair: one asked the other and no answer came yet. */
export const pairIsPending = (a: number, b: number) =>
  (a === FriendStatus.sent && b === FriendStatus.received) ||
  (a === FriendStatus.received && b === FriendStatus.sent);

/** Both sides of a pair: they are partners. */
export const pairIsBefriended = (a: number, b: number) =>
  a === FriendStatus.befriended && b === FriendStatus.befriended;
