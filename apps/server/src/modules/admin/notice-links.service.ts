import type { LinkedNotice } from '@trostnetz/contracts/moderation';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { appeals, moderationDecisions } from '../../db/schema/moderation.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkNoticeLink } from '../notifications/notification-links.ts';
import { createAppeal, presentNotice } from './moderation.service.ts';

type LinkQuery = { u: number; e: number; s: string };

/**
 * The notice a signed link names (403 invalid_link when forged or altered, 410 link_expired after the
 * appeal window). A notice whose member is gone (erased) answers like a forged link.
 */
async function linkedDecision(ctx: AppContext, id: number, q: LinkQuery) {
  const check = checkNoticeLink(ctx.config, id, q);
  if (check === 'invalid') throw new AppError('invalid_link');
  if (check === 'expired') throw new AppError('link_expired');
  const [row] = await ctx.db
    .select({ d: moderationDecisions, a: appeals })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(and(eq(moderationDecisions.id, id), eq(moderationDecisions.memberId, q.u)));
  if (!row || row.d.decision === 'no_action') throw new AppError('invalid_link');
  return row;
}

/** That one notice, without the member's own words (a link can be forwarded). */
export async function linkedNotice(ctx: AppContext, id: number, q: LinkQuery): Promise<LinkedNotice> {
  const { d, a } = await linkedDecision(ctx, id, q);
  const { content: _content, appeal, ...notice } = presentNotice(d, a);
  return {
    ...notice,
    appeal: appeal && { status: appeal.status, created_at: appeal.created_at, statement: appeal.statement },
  };
}

/** The appeal through the link: the same rules as in the app (once, within the window, another moderator). */
export async function appealByLink(ctx: AppContext, id: number, q: LinkQuery, text: string) {
  await linkedDecision(ctx, id, q);
  return createAppeal(ctx, q.u, id, text);
}
