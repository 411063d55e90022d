import type { ChatTurn } from '@trostnetz/contracts/chat';
import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { FriendWords } from '@trostnetz/contracts/partners';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sideOf } from '../../db/pair-side.ts';
import { friendshipWords, type PairRow, type WordAction } from '../../db/schema/partnerships.ts';

/** The friendship status (from either side) that each turning point leads to. */
/** A side's dismissal time: every step back to "none" sets it, on both sides at once. */
const side = (pair: PairRow, me: number) => ({
  dismissedAt: pair.userLow === me ? pair.dismissedLowAt : pair.dismissedHighAt,
});

const leadsTo: Record<WordAction, FriendStatus> = {
  accept: FriendStatus.befriended,
  deny: FriendStatus.none,
  retract: FriendStatus.none,
  remove: FriendStatus.none,
};

/**
 * What the other member of the pair last wrote to `me` at a turning point, while it still tells how
 * things stand: accepted and still befriended; declined, withdrawn or ended and not asked again since.
 * Words of someone hidden never reach this far: hiding forgets the words between the two.
 */
export async function wordsTo(db: Db, pair: PairRow | undefined, me: number): Promise<FriendWords | null> {
  if (!pair) return null;
  const { other, status } = sideOf(pair, me);
  const [last] = await db
    .select()
    .from(friendshipWords)
    .where(and(eq(friendshipWords.pairId, pair.id), eq(friendshipWords.recipientId, me)))
    .orderBy(desc(friendshipWords.createdAt), desc(friendshipWords.id))
    .limit(1);
  if (!last || last.authorId !== other || leadsTo[last.action] !== status) return null;
  // The words and the step they went with share one moment: a later step (asked again and answered
  // without words) leaves them in the past.
  const stepAt = status === FriendStatus.befriended ? pair.befriendedAt : side(pair, me).dismissedAt;
  if (stepAt?.getTime() !== last.createdAt.getTime()) return null;
  return { action: last.action, message: last.message, at: last.createdAt.toISOString() };
}

/** The pair's words of beginning and ending (accept, remove), oldest first: the chat history shows them. */
export async function turnsOf(db: Db, pairId: number): Promise<ChatTurn[]> {
  const rows = await db
    .select()
    .from(friendshipWords)
    .where(and(eq(friendshipWords.pairId, pairId), inArray(friendshipWords.action, ['accept', 'remove'])))
    .orderBy(asc(friendshipWords.createdAt), asc(friendshipWords.id));
  return rows.map((r) => ({
    id: r.id,
    user_id: r.authorId,
    action: r.action as ChatTurn['action'],
    message: r.message,
    at: r.createdAt.toISOString(),
  }));
}

/** Hiding someone: the words between the two are gone, both ways (like their notifications). */
export async function forgetWordsBetween(db: Pick<Db, 'delete'>, a: number, b: number) {
  await db
    .delete(friendshipWords)
    .where(
      or(
        and(eq(friendshipWords.authorId, a), eq(friendshipWords.recipientId, b)),
        and(eq(friendshipWords.authorId, b), eq(friendshipWords.recipientId, a)),
      ),
    );
}
