import { z } from 'zod';
import { FriendStatus } from './friend-status.ts';

export { FriendStatus };

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
