/**
 * SPEC.md §3/§4 friend_status, always from one member's side of a pair. A pair is stored once with
 * both sides' statuses; the two sides agree in exactly these ways: none/none, sent/received
 * (one asked the other), befriended/befriended.
 *
 * Without zod, so that code of the first screen can compare statuses without loading the schemas
 * (issue 13); `friendship.ts` exports it too.
 */
export const FriendStatus = { sent: 0, received: 1, befriended: 2, none: 3 } as const;
export type FriendStatus = (typeof FriendStatus)[keyof typeof FriendStatus];
