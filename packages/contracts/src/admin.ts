import { z } from 'zod';
import { cursorString, emailField, idNumber, requiredString, textField } from './fields.ts';
import { vmsg } from './messages.ts';
import { PERMISSIONS } from './permissions.ts';
import { reportReasons } from './safety.ts';

/**
 * The team's console (issue 16): every `/api/admin/*` route's bodies and answers. All of them sit
 * behind the staff session (sign-in with TOTP) and `requirePermission` on the server; the web app
 * only shows or hides. Started from nova-web's draft, so both sides build against the same names.
 */

/** The password asked again before destructive actions (any length: it is only compared). */
export const reauthPassword = textField(vmsg('required')).min(1, vmsg('required')).max(128, vmsg('max', 128));

// ── Staff sign-in ────────────────────────────────────────────────────────────
export const staffLoginBody = z.object({ email: emailField, password: reauthPassword });
const totpCode = textField(vmsg('required'))
  .trim()
  .regex(/^\d{6}$/, vmsg('invalid'));
export const staffSessionStart = z.discriminatedUnion('step', [
  z.object({ step: z.literal('enrol'), challenge: z.string(), otpauth_url: z.string(), secret: z.string() }),
  z.object({ step: z.literal('totp'), challenge: z.string() }),
]);
export type StaffSessionStart = z.infer<typeof staffSessionStart>;
export const staffEnrolBody = z.object({ challenge: z.string().min(1).max(1000), code: totpCode });
export const staffSession = z.object({ token: z.string(), expires_at: z.string() });
export type StaffSession = z.infer<typeof staffSession>;
export const staffEnrolResponse = staffSession.extend({ recovery_codes: z.array(z.string()) });
/** Either a code or a recovery code; empty strings count as not given (forms send them). */
export const staffTotpBody = z
  .object({
    challenge: z.string().min(1).max(1000),
    code: z
      .string()
      .trim()
      .regex(/^(\d{6})?$/, vmsg('invalid'))
      .optional(),
    recovery_code: z.string().trim().max(64, vmsg('max', 64)).optional(),
  })
  .refine((b) => Boolean(b.code) || Boolean(b.recovery_code), { message: vmsg('required'), path: ['code'] });
/** Roles staff can hold (policies/roles.ts grants their permissions). */
export const ROLE_NAMES = ['admin', 'moderator', 'support'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const staffMe = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffMe = z.infer<typeof staffMe>;

// ── Moderation (staff side) ─────────────────────────────────────────────────
export const REPORT_STATUSES = ['open', 'in_review', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_TARGETS = ['profile', 'chat_message', 'post', 'comment'] as const;
export const REPORT_DECISIONS = [
  'no_action',
  'content_removed',
  'member_warned',
  'member_suspended',
] as const;
/** Rule ids the statements of reasons name; the web app translates them (moderation:rules.*). */
export const MODERATION_RULES = [
  'respect',
  'harassment',
  'self_harm_content',
  'privacy',
  'spam',
  'fake_profile',
  'illegal',
  'other',
] as const;
export type ModerationRule = (typeof MODERATION_RULES)[number];
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
/** A suspension names the rule it enforces. */
export const SUSPENSION_REASONS = MODERATION_RULES;
/** `GET /api/admin/reports?status=` (default open). */
export const adminReportsQuery = z.object({
  status: z.enum(REPORT_STATUSES, { error: vmsg('invalid') }).optional(),
});
const staffRef = z.object({ id: z.number().int(), nickname: z.string() }).nullable();

export const adminReportListItem = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number().int(),
  reasons: z.array(z.enum(reportReasons)),
  /** A report of concern (reason self_harm): first in the queue, marked, with crisis guidance. */
  concern: z.boolean(),
  /** The start of the snapshot, for the queue. */
  excerpt: z.string(),
  report_count: z.number().int(),
  oldest_at: z.string(),
  status: z.enum(REPORT_STATUSES),
  assignee: staffRef,
});
export type AdminReportListItem = z.infer<typeof adminReportListItem>;
export const adminReportList = z.object({ items: z.array(adminReportListItem) });
export type AdminReportList = z.infer<typeof adminReportList>;
export const adminReport = adminReportListItem.extend({
  snapshot: z.object({
    title: z.string().nullable().optional(),
    text: z.string(),
    created_at: z.string().nullable().optional(),
  }),
  author: staffRef,
  context: z.array(
    z.object({
      author_nickname: z.string().nullable(),
      text: z.string(),
      created_at: z.string(),
      reported: z.boolean(),
    }),
  ),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reason: z.enum(reportReasons),
      details: z.string().nullable(),
      reporter: staffRef,
      created_at: z.string(),
    }),
  ),
  decision: z
    .object({
      decision: z.enum(REPORT_DECISIONS),
      rule: z.enum(MODERATION_RULES),
      statement: z.string(),
      note: z.string().nullable(),
      decided_by: staffRef,
      decided_at: z.string(),
    })
    .nullable(),
});
export type AdminReport = z.infer<typeof adminReport>;
const statementField = requiredString(5000);
const futureDay = textField(vmsg('required')).regex(/^\d{4}-\d{2}-\d{2}$/, vmsg('required'));
export const reportDecisionBody = z
  .object({
    decision: z.enum(REPORT_DECISIONS, { error: vmsg('required') }),
    rule: z.enum(MODERATION_RULES, { error: vmsg('required') }),
    statement: statementField,
    note: textField().trim().max(5000, vmsg('max', 5000)).optional(),
    until: z.string().optional(),
  })
  .refine((b) => b.decision !== 'member_suspended' || futureDay.safeParse(b.until).success, {
    message: vmsg('required'),
    path: ['until'],
  });
export type ReportDecisionBody = z.input<typeof reportDecisionBody>;

export const APPEAL_DECISIONS = ['upheld', 'reversed'] as const;
export const APPEAL_STATUSES = ['open', ...APPEAL_DECISIONS] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
/** `GET /api/admin/appeals?status=` (default open). */
export const adminAppealsQuery = z.object({
  status: z.enum(APPEAL_STATUSES, { error: vmsg('invalid') }).optional(),
});
export const adminAppeal = z.object({
  id: z.number().int(),
  text: z.string(),
  status: z.enum(['open', ...APPEAL_DECISIONS]),
  statement: z.string().nullable(),
  created_at: z.string(),
  member: staffRef,
  notice: z.object({
    id: z.number().int(),
    decision: z.enum(REPORT_DECISIONS),
    rule: z.enum(MODERATION_RULES),
    statement: z.string(),
    content: z.string().nullable(),
    decided_by: staffRef,
  }),
});
export type AdminAppeal = z.infer<typeof adminAppeal>;
export const adminAppealList = z.object({ items: z.array(adminAppeal) });
export type AdminAppealList = z.infer<typeof adminAppealList>;
export const appealDecisionBody = z.object({
  decision: z.enum(APPEAL_DECISIONS, { error: vmsg('required') }),
  statement: statementField,
});
export type AppealDecisionBody = z.input<typeof appealDecisionBody>;

// ── Members ──────────────────────────────────────────────────────────────────
export const adminMemberRow = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string(),
  verified: z.boolean(),
  onboarded: z.boolean(),
  premium: z.boolean(),
  roles: z.array(z.string()),
  suspended_until: z.string().nullable(),
  deletion_pending: z.boolean(),
  created_at: z.string(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRow>;
/** `GET /api/admin/members?q=&cursor=`: q matches e-mail, nickname or (all digits) the id. */
export const adminMembersQuery = z.object({
  q: textField().trim().max(255, vmsg('max', 255)).optional(),
  cursor: cursorString.optional(),
});
export const adminMembersPage = z.object({
  items: z.array(adminMemberRow),
  next_cursor: z.string().nullable(),
});
export type AdminMembersPage = z.infer<typeof adminMembersPage>;
export const adminMemberSession = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  client: z.string().nullable(),
  revoked: z.boolean(),
});
export type AdminMemberSession = z.infer<typeof adminMemberSession>;
export const adminMemberNote = z.object({
  id: z.number().int(),
  text: z.string(),
  author: staffRef,
  created_at: z.string(),
});
export type AdminMemberNote = z.infer<typeof adminMemberNote>;
const memberReport = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  reason: z.enum(reportReasons),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});
export const adminMemberDetail = adminMemberRow.extend({
  last_seen_at: z.string().nullable(),
  /** When the staff member confirmed their second factor (TOTP); null when they have none (yet). */
  second_factor_enrolled_at: z.string().nullable(),
  sessions: z.array(adminMemberSession),
  reports_about: z.array(memberReport),
  reports_by: z.array(memberReport),
  notes: z.array(adminMemberNote),
  suspensions: z.array(
    z.object({
      id: z.number().int(),
      reason_code: z.string(),
      until: z.string(),
      lifted_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  notices: z.array(
    z.object({
      id: z.number().int(),
      decision: z.enum(REPORT_DECISIONS),
      rule: z.string(),
      appeal_status: z.enum(['open', ...APPEAL_DECISIONS]).nullable(),
      created_at: z.string(),
    }),
  ),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;
const reasonText = requiredString(2000);
export const memberNoteBody = z.object({ text: reasonText });
export const suspendBody = z.object({
  reason_code: z.enum(SUSPENSION_REASONS, { error: vmsg('required') }),
  text: reasonText,
  until: futureDay,
  password: reauthPassword,
});
export const liftSuspensionBody = z.object({ text: reasonText });
export const premiumBody = z.object({ premium: z.boolean(), text: reasonText, password: reauthPassword });
export const rolesBody = z.object({ roles: z.array(z.enum(ROLE_NAMES)), password: reauthPassword });
export const deleteMemberBody = z.object({ text: reasonText, password: reauthPassword });
/** A staff member lost their authenticator: their TOTP and recovery codes go, they enrol again. */
export const resetSecondFactorBody = z.object({ text: reasonText, password: reauthPassword });

// ── The rest ─────────────────────────────────────────────────────────────────
export const adminStatsQuery = z.object({
  days: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, vmsg('invalid'))
    .transform(Number)
    .pipe(z.number().max(365, vmsg('invalid')))
    .optional(),
});
export const adminStats = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      new: z.number().int(),
      verified: z.number().int(),
      onboarded: z.number().int(),
      active: z.number().int(),
      messages: z.number().int(),
      posts: z.number().int(),
      /** How often the "Möchtest du das wirklich so senden?" prompt ended in "Ändern", and in "Trotzdem senden". */
      prompts_changed: z.number().int(),
      prompts_sent: z.number().int(),
    }),
  ),
  members_total: z.number().int(),
  open_reports: z.object({ count: z.number().int(), oldest_at: z.string().nullable() }),
  premium: z.object({ active: z.number().int() }),
  attribution: z.array(z.object({ source: z.string(), count: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStats>;

export const adminCategory = z.object({
  id: z.number().int(),
  name_de: z.string(),
  name_en: z.string(),
  position: z.number().int(),
  archived: z.boolean(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryList = z.array(adminCategory);
export const adminGroup = adminCategory.extend({
  category_id: z.number().int(),
  member_count: z.number().int(),
});
export type AdminGroup = z.infer<typeof adminGroup>;
export const adminGroupList = z.array(adminGroup);
const nameField = requiredString(100);
export const createCategoryBody = z.object({ name_de: nameField, name_en: nameField });
export const createGroupBody = z.object({ category_id: idNumber, name_de: nameField, name_en: nameField });
/** Both names at once (a rename through PATCH). */
export const renameBody = z.object({ name_de: nameField, name_en: nameField });
/** `PATCH /api/admin/groups/{id}` and `/api/admin/group-categories/{id}`: rename, order, archive (any of them). */
export const updateGroupBody = z
  .object({
    name_de: nameField.optional(),
    name_en: nameField.optional(),
    position: z
      .number({ error: vmsg('invalid') })
      .int(vmsg('invalid'))
      .min(0, vmsg('invalid'))
      .max(10_000, vmsg('invalid'))
      .optional(),
    archived: z.boolean({ error: vmsg('invalid') }).optional(),
    category_id: idNumber.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: vmsg('required') });
export type UpdateGroupBody = z.input<typeof updateGroupBody>;

export const adminSupportRequest = z.object({
  reference: z.string(),
  topic: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(['open', 'answered', 'closed']),
  created_at: z.string(),
  assignee: staffRef,
  answer: z.string().nullable(),
});
export type AdminSupportRequest = z.infer<typeof adminSupportRequest>;
export const adminSupportList = z.object({ items: z.array(adminSupportRequest) });
export type AdminSupportList = z.infer<typeof adminSupportList>;
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
/** `GET /api/admin/support?status=` (default open). */
export const adminSupportQuery = z.object({
  status: z.enum(SUPPORT_STATUSES, { error: vmsg('invalid') }).optional(),
});
export const supportRefParam = z.object({
  ref: z
    .string()
    .max(40)
    .regex(/^[A-Z0-9-]+$/, vmsg('invalid')),
});
export const supportAnswerBody = z.object({ text: requiredString(5000) });

export const adminPlan = z.object({
  id: z.string(),
  months: z.number().int(),
  total_cents: z.number().int(),
  per_month_cents: z.number().int(),
  retired: z.boolean(),
});
export type AdminPlan = z.infer<typeof adminPlan>;
export const adminPlanList = z.array(adminPlan);
export const createPlanBody = z.object({
  id: requiredString(64).regex(/^[a-z0-9-]+$/, vmsg('invalid')),
  months: z.coerce.number().int().min(1, vmsg('invalid')).max(36, vmsg('invalid')),
  total_cents: z.coerce.number().int().min(100, vmsg('invalid')).max(1_000_000, vmsg('invalid')),
});
/** A price change applies to new orders only: running contracts keep what they were bought at. */
export const planPriceBody = z.object({
  total_cents: z.coerce.number().int().min(100, vmsg('invalid')).max(1_000_000, vmsg('invalid')),
});
export const planIdParam = z.object({
  id: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/, vmsg('invalid')),
});

/** Every action the audit log records; the console names each in German and English. */
export const AUDIT_ACTIONS = [
  'staff.enrolled',
  'staff.signed_in',
  'staff.signed_in_recovery_code',
  'staff.second_factor_failed',
  'report.assigned',
  'report.no_action',
  'report.content_removed',
  'report.member_warned',
  'report.member_suspended',
  'appeal.upheld',
  'appeal.reversed',
  'member.note_added',
  'member.verification_mail_sent',
  'member.sessions_revoked',
  'member.suspended',
  'member.suspension_lifted',
  'member.premium_granted',
  'member.premium_taken',
  'member.roles_set',
  'member.second_factor_reset',
  'member.deleted',
  'group.created',
  'group.updated',
  'category.created',
  'category.updated',
  'content.published',
  'content.restored',
  'faq.edited',
  'support.assigned',
  'support.answered',
  'support.closed',
  'plan.created',
  'plan.price_changed',
  'plan.retired',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
  id: z.number().int(),
  actor: staffRef,
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.number().int().nullable(),
  target_label: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
const dayOrInstant = z
  .string()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), vmsg('invalid'));
/** `GET /api/admin/audit?actor=&action=&target=&from=&to=&cursor=` (newest first). */
export const auditQuery = z.object({
  /** The acting staff member's id. */
  actor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, vmsg('invalid'))
    .transform(Number)
    .optional(),
  action: z.string().max(64).optional(),
  /** `member:12`, `report:3` or just a type (`member`). */
  target: z
    .string()
    .max(80)
    .regex(/^[a-z_]+(:\d{1,16})?$/, vmsg('invalid'))
    .optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  cursor: cursorString.optional(),
});
export const auditPage = z.object({ items: z.array(auditEntry), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;

// ── FAQ editing ──────────────────────────────────────────────────────────────
export const adminFaqEntry = z.object({
  id: z.number().int(),
  locale: z.enum(['de', 'en']),
  topic: z.string(),
  topic_anchor: z.string(),
  position: z.number().int(),
  anchor: z.string(),
  question: z.string(),
  /** Markdown (preset `page`). */
  answer: z.string(),
  updated_at: z.string(),
});
export type AdminFaqEntry = z.infer<typeof adminFaqEntry>;
/** GET /api/admin/faq?locale= */
export const adminFaqList = z.array(adminFaqEntry);
/** PUT /api/admin/faq/{id}: question and answer of one entry (audited). */
export const faqEntryBody = z.object({ question: requiredString(300), answer: requiredString(10_000) });

/** `GET /api/admin/faq?locale=` */
export const adminFaqQuery = z.object({
  locale: z.enum(['de', 'en'], { error: vmsg('invalid') }).optional(),
});

/** `POST /api/admin/content/{slug}/restore`: publish an earlier version again (a new version, audited). */
export const contentRestoreBody = z.object({
  locale: z.enum(['de', 'en'], { error: vmsg('invalid') }),
  version: idNumber,
});
