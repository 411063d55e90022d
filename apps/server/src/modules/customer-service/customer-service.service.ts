import { randomInt } from 'node:crypto';
import {
  SUPPORT_MIN_FILL_MS,
  type SupportRequestSummary,
  type SupportTopic,
} from '@trostnetz/contracts/customer-service';
import type { Locale } from '@trostnetz/contracts/messages';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { supportRequests } from '../../db/schema/support.ts';
import { t } from '../../i18n/catalogue.ts';
import { validationError } from '../../lib/app-error.ts';
import { mailTemplate } from '../mail/templates.ts';

/** Letters and digits that cannot be mistaken for each other when read out on the phone. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** `KS-7K4M-Q2XP`: what the sender quotes when they write again. */
export function newReference(): string {
  const pick = () => Array.from({ length: 4 }, () => REFERENCE_ALPHABET[randomInt(32)]).join('');
  return `KS-${pick()}-${pick()}`;
}

export interface SupportInput {
  topic: SupportTopic;
  name: string;
  email: string;
  message: string;
  rendered_at: number;
  website?: string | undefined;
}

/**
 * Stores the request and mails the sender (in the request's language) and the team. Spam protection
 * without third parties: a filled honeypot gets the same answer but nothing is stored or sent; a form
 * sent sooner than a person could fill it in is asked again.
 */
export async function createSupportRequest(
  ctx: AppContext,
  input: SupportInput,
  sender: { userId: number | null; locale: Locale },
  now = Date.now(),
): Promise<{ reference: string }> {
  if (input.website) return { reference: newReference() };
  if (input.rendered_at > now + 60_000) throw validationError({ rendered_at: ['invalid'] });
  if (now - input.rendered_at < SUPPORT_MIN_FILL_MS) throw validationError({ rendered_at: ['too_fast'] });

  let reference = newReference();
  for (let attempt = 0; ; attempt++) {
    const [row] = await ctx.db
      .insert(supportRequests)
      .values({
        reference,
        userId: sender.userId,
        topic: input.topic,
        name: input.name,
        email: input.email,
        message: input.message,
        locale: sender.locale,
      })
      .onConflictDoNothing()
      .returning({ reference: supportRequests.reference });
    if (row) break;
    if (attempt > 5) throw new Error('no free customer-service reference');
    reference = newReference();
  }

  const { appName, appUrl, supportEmail } = ctx.config;
  // Mails never carry the message (it may be health data): the team reads it in the admin console.
  ctx.mailer.queue(
    mailTemplate(
      'supportReceived',
      sender.locale,
      appName,
      { email: input.email, nickname: input.name },
      `${appUrl}/customer-service`,
      { name: input.name, message: '', reference, topic: t(sender.locale, `support.topic.${input.topic}`) },
    ),
  );
  ctx.mailer.queue(
    mailTemplate('supportTeam', 'de', appName, { email: supportEmail, nickname: 'Team' }, `${appUrl}/nova`, {
      name: input.name,
      message: '',
      link: input.email,
      reference,
      topic: t('de', `support.topic.${input.topic}`),
    }),
  );
  return { reference };
}

/** A member's own requests with the team's answers, newest first. */
export async function listOwnRequests(db: Db, userId: number): Promise<SupportRequestSummary[]> {
  const rows = await db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id));
  return rows.map((r) => ({
    reference: r.reference,
    topic: r.topic,
    message: r.message,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    answer: r.answer,
    answered_at: r.answeredAt?.toISOString() ?? null,
  }));
}
