import type { Locale } from '@trostnetz/contracts/messages';
import {
  type CancellationBody,
  DECLARATION_CONFIRM_DAYS,
  SubscriptionStatus,
  WITHDRAWAL_DAYS,
  type WithdrawalBody,
} from '@trostnetz/contracts/payments';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import {
  contractDeclarations,
  type DeclarationRow,
  payments,
  type SubscriptionRow,
  subscriptions,
} from '../../db/schema/payments.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { fill, type TextKey, t } from '../../i18n/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import type { MailKind } from '../mail/templates.ts';
import { mailLocale } from '../users/users.service.ts';
import {
  addMonths,
  announcePremium,
  contractAddressee,
  contractMail,
  mySubscription,
  recomputePremium,
} from './payments.service.ts';
import { paymentProvider } from './provider.ts';

const DAY_MS = 86_400_000;
const running = [SubscriptionStatus.active, SubscriptionStatus.pastDue];

/**
 * The cancellation and withdrawal forms without login (§ 312k BGB, EU directive 2023/2673): the
 * declaration is stored with its time of receipt and the answer is the same for every address. Looking
 * for a contract and writing the mails happen in a job, so neither the answer nor its timing tells
 * whether an address has a contract. It takes effect at once only for a signed-in member who gives their
 * own address; anyone else confirms with the link mailed to the contract's address (decision 030), so
 * nobody ends another person's contract with their address alone.
 */
export async function receiveDeclaration(
  ctx: AppContext,
  input: ({ kind: 'withdrawal' } & WithdrawalBody) | CancellationBody,
  locale: Locale,
  member: Member | null,
) {
  const receivedAt = new Date();
  const own = member ? await isOwnAddress(ctx, member, input.email) : false;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contractDeclarations)
      .values({
        kind: input.kind,
        reason: 'reason' in input ? (input.reason?.trim() ?? null) || null : null,
        name: input.name,
        email: input.email,
        contractReference: input.contract_reference?.trim().toUpperCase() || null,
        requestedDate: 'date' in input ? (input.date ?? null) : null,
        locale,
        receivedAt,
        confirmedAt: own ? receivedAt : null,
      })
      .returning({ id: contractDeclarations.id });
    await ctx.jobs.send('payments-declaration', { declarationId: row!.id }, { tx });
  });
  return {
    received_at: receivedAt.toISOString(),
    message: t(locale, own ? 'payments.declaration_received' : 'payments.declaration_to_confirm'),
    needs_confirmation: !own,
  };
}

/** The member's account address, or the order address of one of their contracts. */
async function isOwnAddress(ctx: AppContext, member: Member, email: string) {
  if (member.email.toLowerCase() === email.toLowerCase()) return true;
  const [sub] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.id), sql`lower(${subscriptions.email}) = lower(${email})`))
    .limit(1);
  return Boolean(sub);
}

/**
 * The mailed link opened: the declaration takes effect (the job ends the contract as of its time of
 * receipt). Opening it again says the same; a link that was never sent is refused, one older than
 * DECLARATION_CONFIRM_DAYS has expired.
 */
export async function confirmDeclaration(ctx: AppContext, token: string, locale: Locale) {
  const [d] = await ctx.db
    .select()
    .from(contractDeclarations)
    .where(eq(contractDeclarations.confirmTokenHash, hashToken(token)));
  if (!d?.confirmSentAt) throw new AppError('invalid_link');
  if (!d.confirmedAt) {
    if (Date.now() - d.confirmSentAt.getTime() > DECLARATION_CONFIRM_DAYS * DAY_MS) {
      throw new AppError('link_expired');
    }
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(contractDeclarations)
        .set({ confirmedAt: new Date() })
        .where(eq(contractDeclarations.id, d.id));
      await ctx.jobs.send('payments-declaration', { declarationId: d.id }, { tx });
    });
  }
  return { kind: d.kind, message: t(locale, 'payments.declaration_confirmed') };
}

/**
 * A declaration not yet confirmed: the link goes to the address it names, which is the contract's own
 * (contracts are found by it). Nothing found: the same "nothing found" mail as before, and it is done.
 */
async function askForConfirmation(ctx: AppContext, d: DeclarationRow) {
  if (d.confirmSentAt) return;
  const found = await contractsFor(ctx, d.email, d.contractReference);
  if (found.length === 0) {
    await mailNothingFound(ctx, d);
    await ctx.db
      .update(contractDeclarations)
      .set({ processedAt: new Date() })
      .where(eq(contractDeclarations.id, d.id));
    return;
  }
  const token = newOpaqueToken('dc');
  await ctx.db
    .update(contractDeclarations)
    .set({ confirmTokenHash: hashToken(token), confirmSentAt: new Date() })
    .where(eq(contractDeclarations.id, d.id));
  const locale = await mailLocale(ctx.db, d.email, d.locale);
  const topicKey = d.kind === 'withdrawal' ? undefined : (`mail.cancellation.kind.${d.kind}` as const);
  contractMail(
    ctx,
    d.kind === 'withdrawal' ? 'withdrawalConfirm' : 'cancellationConfirm',
    { locale: d.locale, reference: found[0]!.reference, months: 0, totalCents: 0 },
    { email: d.email, nickname: d.name, locale },
    {
      date: d.receivedAt,
      topic: topicKey ? t(locale, topicKey) : '',
      url: `${ctx.config.appUrl}/contracts/confirm/${token}`,
      days: DECLARATION_CONFIRM_DAYS,
    },
  );
}

async function mailNothingFound(ctx: AppContext, d: DeclarationRow) {
  const kind = d.kind === 'withdrawal' ? 'withdrawalNotFound' : 'cancellationNotFound';
  const locale = await mailLocale(ctx.db, d.email, d.locale);
  const topicKey = d.kind === 'withdrawal' ? undefined : (`mail.cancellation.kind.${d.kind}` as const);
  contractMail(
    ctx,
    kind,
    { locale: d.locale, reference: d.contractReference ?? '–', months: 0, totalCents: 0 },
    { email: d.email, nickname: d.name, locale },
    { date: d.receivedAt, topic: topicKey ? t(locale, topicKey) : '' },
  );
}

/** The running contracts a declaration names: by the order or account address, and the reference if given. */
async function contractsFor(ctx: AppContext, email: string, reference: string | null) {
  const rows = await ctx.db
    .select({ s: subscriptions })
    .from(subscriptions)
    .leftJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        inArray(subscriptions.status, running),
        sql`(lower(${subscriptions.email}) = lower(${email}) or (lower(${users.email}) = lower(${email}) and ${users.deletedAt} is null))`,
        reference ? eq(subscriptions.reference, reference) : undefined,
      ),
    );
  return rows.map((r) => r.s);
}

/** The first period end on or after `wanted` (an ordinary cancellation ends with a period). */
function periodEndOnOrAfter(sub: SubscriptionRow, wanted: Date | null): Date {
  let end = sub.currentPeriodEnd ?? new Date();
  while (wanted && end < wanted) end = addMonths(end, sub.months);
  return end;
}

/** Seconds since 1970, as the provider takes a time. */
function unix(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}

/** Ends a contract at `at` (now or later), at the provider first, then here. */
async function endContract(
  ctx: AppContext,
  sub: SubscriptionRow,
  at: Date,
  reason: 'cancelled' | 'withdrawn' | 'account_deleted',
) {
  const provider = await paymentProvider(ctx);
  const now = new Date();
  const immediate = at.getTime() <= now.getTime();
  if (sub.provider === 'stripe' && provider.kind === 'stripe' && sub.providerSubscriptionId) {
    try {
      if (immediate) await provider.stripe.subscriptions.cancel(sub.providerSubscriptionId);
      else if (sub.currentPeriodEnd && at.getTime() === sub.currentPeriodEnd.getTime()) {
        await provider.stripe.subscriptions.update(sub.providerSubscriptionId, {
          cancel_at_period_end: true,
        });
      } else await provider.stripe.subscriptions.update(sub.providerSubscriptionId, { cancel_at: unix(at) });
    } catch {
      throw new AppError('payment_provider_unavailable');
    }
  }
  await ctx.db
    .update(subscriptions)
    .set(
      immediate
        ? { status: SubscriptionStatus.ended, endedAt: now, endsAt: now, endReason: reason, updatedAt: now }
        : { endsAt: at, endReason: reason, updatedAt: now },
    )
    .where(eq(subscriptions.id, sub.id));
  if (await recomputePremium(ctx.db, sub.userId)) await announcePremium(ctx, sub.userId);
}

/** The share of the last payment for the time premium did not run yet (§ 357a (2) BGB). */
async function refundFor(ctx: AppContext, sub: SubscriptionRow, now: Date) {
  const [last] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.subscriptionId, sub.id))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  if (!last) return { cents: 0, payment: null };
  const start = last.periodEnd ? addMonths(last.periodEnd, -sub.months) : last.paidAt;
  const end = last.periodEnd ?? addMonths(start, sub.months);
  const share = Math.min(
    1,
    Math.max(0, (now.getTime() - start.getTime()) / (end.getTime() - start.getTime())),
  );
  return { cents: last.amountCents - Math.round(last.amountCents * share), payment: last };
}

async function mailBoth(
  ctx: AppContext,
  kind: MailKind,
  sub: Pick<SubscriptionRow, 'locale' | 'reference' | 'months' | 'totalCents'>,
  declared: { email: string; name: string } | null,
  account: { email: string; nickname: string; locale: Locale } | null,
  extra: Parameters<typeof contractMail>[4],
  topicKey?: TextKey,
) {
  const sent = new Set<string>();
  for (const to of [declared ? { email: declared.email, nickname: declared.name } : null, account]) {
    if (!to || sent.has(to.email.toLowerCase())) continue;
    sent.add(to.email.toLowerCase());
    // Each address in its account's language; one that belongs to no account in the form's.
    const locale = 'locale' in to ? to.locale : await mailLocale(ctx.db, to.email, sub.locale);
    const topic = topicKey ? fill(locale, topicKey, {}) : extra?.topic;
    contractMail(ctx, kind, sub, { ...to, locale }, { ...extra, topic });
  }
}

/** The job behind both forms: finds the contracts, ends them, and confirms in text form to both addresses. */
export async function processDeclaration(ctx: AppContext, declarationId: number) {
  const [d] = await ctx.db
    .select()
    .from(contractDeclarations)
    .where(and(eq(contractDeclarations.id, declarationId), isNull(contractDeclarations.processedAt)));
  if (!d) return;
  if (!d.confirmedAt) return askForConfirmation(ctx, d);
  const now = new Date();
  const declared = { email: d.email, name: d.name };
  const topicKey = d.kind === 'withdrawal' ? undefined : (`mail.cancellation.kind.${d.kind}` as const);
  const found = await contractsFor(ctx, d.email, d.contractReference);
  if (found.length === 0) await mailNothingFound(ctx, d);
  for (const sub of found) {
    const account = await contractAddressee(ctx.db, sub);
    const mailSub = { ...sub, locale: d.locale };
    if (d.kind === 'withdrawal') {
      const since = sub.startedAt ?? sub.createdAt;
      if (d.receivedAt.getTime() - since.getTime() <= WITHDRAWAL_DAYS * DAY_MS) {
        const refund = await refundFor(ctx, sub, d.receivedAt);
        await endContract(ctx, sub, now, 'withdrawn');
        if (refund.payment?.providerPaymentId && sub.provider === 'stripe' && refund.cents > 0) {
          await (await paymentProvider(ctx)).stripe.refunds.create(
            { payment_intent: refund.payment.providerPaymentId, amount: refund.cents },
            { idempotencyKey: `withdrawal-${d.id}-${sub.id}` },
          );
        }
        await mailBoth(ctx, 'withdrawal', mailSub, declared, account, {
          date: d.receivedAt,
          amountCents: refund.cents,
        });
      } else {
        const end = periodEndOnOrAfter(sub, null);
        await endContract(ctx, sub, end, 'cancelled');
        await mailBoth(ctx, 'withdrawalLate', mailSub, declared, account, { date: d.receivedAt, until: end });
      }
    } else {
      const wanted = d.requestedDate ? new Date(`${d.requestedDate}T00:00:00Z`) : null;
      const end =
        d.kind === 'extraordinary'
          ? wanted && wanted > now
            ? wanted
            : now
          : periodEndOnOrAfter(sub, wanted);
      await endContract(ctx, sub, end, 'cancelled');
      await mailBoth(
        ctx,
        'cancellation',
        mailSub,
        declared,
        account,
        { date: d.receivedAt, until: end },
        topicKey,
      );
    }
  }
  await ctx.db
    .update(contractDeclarations)
    .set({
      processedAt: now,
      userId: found[0]?.userId ?? null,
      subscriptionId: found[0]?.id ?? null,
    })
    .where(eq(contractDeclarations.id, d.id));
}

/** One click in /settings: the running contract ends at its period end; a mail confirms it. */
export async function cancelOwn(ctx: AppContext, member: Member) {
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, member.id),
        inArray(subscriptions.status, running),
        isNull(subscriptions.endsAt),
      ),
    );
  if (!sub) throw new AppError('not_found');
  const end = periodEndOnOrAfter(sub, null);
  await endContract(ctx, sub, end, 'cancelled');
  contractMail(ctx, 'cancellation', sub, member, {
    date: new Date(),
    until: end,
    topic: t(member.locale, 'mail.cancellation.kind.ordinary'),
  });
  const [fresh] = await ctx.db.select().from(users).where(eq(users.id, member.id));
  return mySubscription(ctx, fresh ?? member);
}

/** Deleting the account (issue 14): every running contract ends at its period end, nothing renews. */
export async function endContractsOfDeletedAccount(ctx: AppContext, userId: number) {
  const subs = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, running)));
  for (const sub of subs) {
    if (sub.endsAt) continue;
    await endContract(ctx, sub, periodEndOnOrAfter(sub, null), 'account_deleted');
  }
}
