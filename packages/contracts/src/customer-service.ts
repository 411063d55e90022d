import { z } from 'zod';
import { emailField, requiredString, textField } from './fields.ts';
import { vmsg } from './messages.ts';

/** The topics of the customer-service form (issue 15). `crisis` shows crisis help before anything is sent. */
export const SUPPORT_TOPICS = ['question', 'technical', 'premium', 'safety', 'privacy', 'crisis'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_NAME_MAX = 100;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;
/** A form sent sooner than this after it was shown was not filled in by a person. */
export const SUPPORT_MIN_FILL_MS = 3000;

export const supportRequestBody = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: vmsg('required') }),
  name: requiredString(SUPPORT_NAME_MAX),
  email: emailField,
  message: requiredString(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN),
  /** When the form was shown (ms since the epoch): the minimum fill time. */
  rendered_at: z
    .number({ error: vmsg('invalid') })
    .int(vmsg('invalid'))
    .nonnegative(vmsg('invalid')),
  /** The honeypot: a field people never see. Anything in it marks a robot. */
  website: textField().max(500, vmsg('max', 500)).optional(),
});
export type SupportRequestBody = z.input<typeof supportRequestBody>;

export const supportRequestCreated = z.object({ reference: z.string() });

export const supportRequestStatus = z.enum(['open', 'answered', 'closed']);
export const supportRequestSummary = z.object({
  reference: z.string(),
  topic: z.enum(SUPPORT_TOPICS),
  message: z.string(),
  status: supportRequestStatus,
  created_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export const supportRequestList = z.array(supportRequestSummary);
export type SupportRequestSummary = z.infer<typeof supportRequestSummary>;
