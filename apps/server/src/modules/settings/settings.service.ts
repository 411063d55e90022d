import { type Locale, vmsg } from '@trostnetz/contracts/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/sessions.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { validationError } from '../../lib/app-error.ts';
import { assertStrongPassword } from '../auth/accounts.service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endOtherSessions } from '../auth/sessions.service.ts';
import { notify } from '../notifications/notifier.ts';
import { passwordHashOf, setPasswordHash } from '../users/users.service.ts';

/** The current password, asked again before anything that matters for security; a 422 on the field when wrong. */
export async function assertCurrentPassword(db: Db, member: Member, password: string, field: string) {
  if (!(await verifyPassword(await passwordHashOf(db, member.id), password))) {
    throw validationError({ [field]: [vmsg('current_password')] });
  }
}

/**
 * A new password, strong as at registration. Every other session ends (and its sockets close), this
 * one stays; open reset links are used up; the member is told by mail.
 */
export async function changePassword(
  ctx: AppContext,
  member: Member,
  sessionId: string,
  input: { current_password: string; password: string },
) {
  await assertCurrentPassword(ctx.db, member, input.current_password, 'current_password');
  await assertStrongPassword(input.password, member);
  await setPasswordHash(ctx.db, member.id, await hashPassword(input.password));
  await ctx.db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, member.id), isNull(passwordResets.usedAt)));
  await endOtherSessions(ctx, member.id, sessionId, 'password_change');
  await notify(ctx, member.id, 'security', {
    mail: 'passwordChanged',
    url: `${ctx.config.appUrl}/forgot-password`,
  });
}

export async function changeLocale(ctx: AppContext, member: Member, locale: Locale): Promise<Member> {
  const [row] = await ctx.db
    .update(users)
    .set({ locale, updatedAt: new Date() })
    .where(eq(users.id, member.id))
    .returning();
  return row!;
}

export async function changeNickname(ctx: AppContext, member: Member, nickname: string): Promise<Member> {
  const [row] = await ctx.db
    .update(users)
    .set({ nickname, updatedAt: new Date() })
    .where(eq(users.id, member.id))
    .returning();
  return row!;
}
