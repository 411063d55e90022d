import { z } from 'zod';
import {
  APPEAL_STATUSES,
  MODERATION_RULES,
  REPORT_DECISIONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from './admin.ts';
import { idNumber, idString, requiredString } from './fields.ts';
import { vmsg } from './messages.ts';
import { reportReasons } from './safety.ts';

/**
 * The member side of moderation (issue 16; DSA Art. 17 statements of reasons, Art. 20 appeals):
 * `GET /api/moderation/notices`, `POST /api/moderation/appeals`, and the same for one notice through the
 * signed link of its mail, without signing in (`/api/moderation/notice-links/{id}`). A notice names
 * what, why, which rule and how to contest; an appeal is allowed once per notice within six months of it.
 */
export const APPEAL_WINDOW_DAYS = 183;
export const NOTICE_TARGETS = ['profile', 'chat_message', 'post', 'comment', 'account'] as const;
export const moderationNotice = z.object({
  id: z.number().int(),
  target_type: z.enum(NOTICE_TARGETS),
  decision: z.enum(REPORT_DECISIONS),
  rule: z.enum(MODERATION_RULES),
  statement: z.string(),
  /** The member's own content concerned, as it was (only ever their own). */
  content: z.string().nullable(),
  until: z.string().nullable(),
  created_at: z.string(),
  /** Null when there is nothing to contest (no action). */
  appealable_until: z.string().nullable(),
  appeal: z
    .object({
      status: z.enum(APPEAL_STATUSES),
      text: z.string(),
      created_at: z.string(),
      statement: z.string().nullable(),
    })
    .nullable(),
});
export type ModerationNotice = z.infer<typeof moderationNotice>;
export const moderationNotices = z.object({ items: z.array(moderationNotice) });
export type ModerationNotices = z.infer<typeof moderationNotices>;
export const appealBody = z.object({ notice_id: idNumber, text: requiredString(5000, 10) });
export type AppealBody = z.input<typeof appealBody>;
export const appealCreated = z.object({ id: z.number().int(), status: z.literal('open') });

/** The signed part of a statement-of-reasons mail's link: member, end of the appeal window, signature. */
export const noticeLinkQuery = z.object({
  u: idString,
  e: z
    .string({ error: vmsg('invalid') })
    .regex(/^[0-9]{1,12}$/, vmsg('invalid'))
    .transform(Number),
  s: z.string({ error: vmsg('invalid') }).max(100, vmsg('invalid')),
});
export type NoticeLinkQuery = z.input<typeof noticeLinkQuery>;
/**
 * What the signed link opens without signing in: that one notice, without the member's own words
 * (neither the content concerned nor the appeal's text: a link can be forwarded).
 */
export const linkedNotice = moderationNotice.omit({ content: true, appeal: true }).extend({
  appeal: z
    .object({ status: z.enum(APPEAL_STATUSES), created_at: z.string(), statement: z.string().nullable() })
    .nullable(),
});
export type LinkedNotice = z.infer<typeof linkedNotice>;
export const linkedAppealBody = appealBody.pick({ text: true });
export type LinkedAppealBody = z.input<typeof linkedAppealBody>;

/**
 * `GET /api/moderation/reports`: what I reported and what became of it (DSA Art. 16(5)): the kind of
 * item, my reason, the state and the decision's kind; never whom or what it was about.
 */
export const myReport = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  reason: z.enum(reportReasons),
  created_at: z.string(),
  status: z.enum(REPORT_STATUSES),
  decision: z.enum(REPORT_DECISIONS).nullable(),
  decided_at: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReport>;
export const myReports = z.object({ items: z.array(myReport) });
export type MyReports = z.infer<typeof myReports>;
