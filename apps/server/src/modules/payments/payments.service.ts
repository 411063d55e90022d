import { randomBytes, randomInt } from 'node:crypto';
import type { Locale } from '@trostnetz/contracts/messages';
import { type Plan, SubscriptionStatus } from '@trostnetz/contracts/payments';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { premiumGrants } from '../../db/schema/moderation.ts';
import {
  type PlanRow,
  payments,
  plans,
  type SubscriptionRow,
  subscriptions,
} from '../../db/schema/payments.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { fill } from '../../i18n/catalogue.ts';
import { longDate } from '../../i18n/long-date.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../../lifecycle/member-data.ts';
import { isPremium } from '../../policies/premium.ts';
import { type MailKind, mailTemplate } from '../mail/templates.ts';
import { mailLocale } from '../users/users.service.ts';
import { planView, receiptView, subscriptionView } from './payments.presenter.ts';
import { paymentProvider } from './provider.ts';

const DAY_MS = 86_400_000;
/** A renewing contract keeps premium this long past its period end, while the renewal payment arrives. */
export const RENEWAL_SLACK_MS = DAY_MS;

/** The seeded plans (issue 14): prices in euro cents including VAT. The admin console will manage them. */
export const seededPlans = [
  { id: 'premium-1m', months: 1, totalCents: 699, sort: 1 },
  { id: 'premium-3m', months: 3, totalCents: 1797, sort: 2 },
  { id: 'premium-6m', months: 6, totalCents: 2994, sort: 3 },
] as const;

export async function seedPlans(db: Db) {
  await db
    .insert(plans)
    .values([...seededPlans])
    .onConflictDoNothing();
}

export async function listPlans(db: Db): Promise<Plan[]> {
  const rows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sort));
  return rows.map(planView);
}

export async function findPlan(db: Db, id: string): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.active, true)));
  if (!row) throw new AppError('plan_unavailable');
  return row;
}

/** Letters and digits that cannot be mistaken for each other. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newCode = (prefix: string) => {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(32)]).join('');
  return `${prefix}-${pick()}-${pick()}`;
};

export const addMonths = (from: Date, months: number) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/** Money as a member reads it: `17,97 €` / `€17.97`. */
export const money = (locale: Locale, cents: number) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
/** The VAT (19 %) contained in a gross amount. */
export function vatOf(cents: number): number {
  return cents - Math.round(cents / 1.19);
}

/**
 * POST /api/payments/checkout: a pending contract and the address to pay at. With Stripe a Checkout
 * Session in subscription mode; otherwise the built-in test provider's page on our own origin. Guests
 * sign in or register first (inside the checkout); an unverified member may pay.
 */
export async function startCheckout(ctx: AppContext, member: Member, planId: string) {
  if (isPremium(member)) throw new AppError('already_premium');
  const plan = await findPlan(ctx.db, planId);
  const provider = await paymentProvider(ctx);
  const reference = newCode('PV');
  const { appUrl, appName } = ctx.config;
  let sessionId: string;
  let url: string;
  if (provider.kind === 'stripe') {
    try {
      const session = await provider.stripe.checkout.sessions.create({
        mode: 'subscription',
        payment_method_types: ['card', 'sepa_debit', 'paypal'],
        customer_email: member.email,
        client_reference_id: reference,
        locale: member.locale,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: plan.totalCents,
              tax_behavior: 'inclusive',
              recurring: { interval: 'month', interval_count: plan.months },
              product_data: {
                name: `${appName} Premium (${fill(member.locale, 'payments.plan', { months: plan.months })})`,
              },
            },
          },
        ],
        metadata: { reference },
        subscription_data: { metadata: { reference } },
        success_url: `${appUrl}/checkout-succeeded?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/checkout/${plan.id}`,
      });
      sessionId = session.id;
      url = session.url ?? `${appUrl}/checkout/${plan.id}`;
    } catch {
      throw new AppError('payment_provider_unavailable');
    }
  } else {
    sessionId = `cs_test_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
    // Our own page: a path on the origin the member is on.
    url = `/checkout/test-provider/${sessionId}`;
  }
  await ctx.db.insert(subscriptions).values({
    reference,
    userId: member.id,
    email: member.email,
    locale: member.locale,
    planId: plan.id,
    months: plan.months,
    totalCents: plan.totalCents,
    provider: provider.kind,
    checkoutSessionId: sessionId,
    immediateStartAt: new Date(),
  });
  return { url, session_id: sessionId };
}

/** What `/checkout-succeeded` shows: the real state of this member's checkout, never a guess. */
export async function checkoutState(ctx: AppContext, member: Member, sessionId: string) {
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.checkoutSessionId, sessionId), eq(subscriptions.userId, member.id)));
  if (!row) throw new AppError('not_found');
  const fresh = (await ctx.db.select().from(users).where(eq(users.id, member.id)))[0] ?? member;
  const premium = isPremium(fresh);
  const state =
    row.status === SubscriptionStatus.active || row.status === SubscriptionStatus.pastDue
      ? 'premium'
      : row.status === SubscriptionStatus.ended
        ? 'failed'
        : 'confirming';
  return { state, is_premium: premium } as const;
}

/** The contract that counts for a member now: running, or the newest one. */
async function currentSubscription(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} <> 'pending'`))
    .orderBy(
      sql`case when ${subscriptions.status} in ('active', 'past_due') then 0 else 1 end`,
      desc(subscriptions.createdAt),
    )
    .limit(1);
  return rows[0];
}

/** GET /api/payments/subscription: the member's plan, period end and receipts. */
export async function mySubscription(ctx: AppContext, member: Member) {
  const sub = await currentSubscription(ctx.db, member.id);
  const receipts = await ctx.db
    .select({ p: payments })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(subscriptions.userId, member.id))
    .orderBy(desc(payments.paidAt));
  return {
    is_premium: isPremium(member),
    premium_until: member.premiumUntil?.toISOString() ?? null,
    show_supporter_badge: member.showSupporterBadge,
    subscription: sub ? subscriptionView(sub) : null,
    receipts: receipts.map((r) => receiptView(r.p)),
  };
}

/**
 * The one place `users.is_premium` / `premium_until` are written: from the member's contracts alone.
 * Running contracts give premium until their end (cancelled), their period end plus a day (renewing) or
 * the end of the grace period (a failed payment). Returns whether the member's premium changed.
 */
export async function recomputePremium(db: Db | Tx, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const running = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [SubscriptionStatus.active, SubscriptionStatus.pastDue]),
      ),
    );
  let until: Date | null = null;
  for (const s of running) {
    const end =
      s.status === SubscriptionStatus.pastDue
        ? s.graceUntil
        : (s.endsAt ??
          (s.currentPeriodEnd ? new Date(s.currentPeriodEnd.getTime() + RENEWAL_SLACK_MS) : null));
    if (end && (!until || end > until)) until = end;
  }
  // A staff grant (issue 16 console) gives premium with no end date while it is not revoked.
  const [grant] = await db
    .select({ id: premiumGrants.id })
    .from(premiumGrants)
    .where(and(eq(premiumGrants.userId, userId), isNull(premiumGrants.revokedAt)))
    .limit(1);
  if (grant) until = null;
  const isPremiumNow = Boolean(grant) || until !== null;
  const [before] = await db
    .select({ isPremium: users.isPremium, premiumUntil: users.premiumUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!before) return false;
  if (before.isPremium === isPremiumNow && before.premiumUntil?.getTime() === until?.getTime()) return false;
  await db
    .update(users)
    .set({ isPremium: isPremiumNow, premiumUntil: until, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return true;
}

/** Tells the member's open tabs live (`PremiumChanged`), with the policy's answer. */
export async function announcePremium(ctx: AppContext, userId: number | null) {
  if (userId === null) return;
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!row) return;
  ctx.broadcaster.toMember(userId, 'premium_changed', 'PremiumChanged', {
    is_premium: isPremium(row),
    premium_until: row.premiumUntil?.toISOString() ?? null,
  });
}

/**
 * A contract mail in its addressee's language: the account's when the address belongs to one, else the
 * contract's (the language the order or the form was made in).
 */
export function contractMail(
  ctx: AppContext,
  kind: MailKind,
  sub: Pick<SubscriptionRow, 'locale' | 'reference' | 'months' | 'totalCents'>,
  to: { email: string; nickname: string; locale?: Locale },
  extra: {
    date?: Date;
    until?: Date | null;
    amountCents?: number;
    topic?: string;
    /** The button's address, where it is not the app or the subscription (a confirmation link). */
    url?: string;
    days?: number;
  } = {},
) {
  const { appUrl, appName, operator } = ctx.config;
  const locale = to.locale ?? sub.locale;
  const cents = extra.amountCents ?? sub.totalCents;
  const url =
    extra.url ??
    (kind === 'premiumOrder' || kind === 'receipt' || kind === 'receiptAfterEnd' || kind === 'paymentFailed'
      ? `${appUrl}/settings#subscription`
      : appUrl);
  ctx.mailer.queue(
    mailTemplate(kind, locale, appName, to, url, {
      name: to.nickname,
      message: '',
      reference: sub.reference,
      plan: fill(locale, 'payments.plan', { months: sub.months }),
      amount: money(locale, cents),
      vat: money(locale, vatOf(cents)),
      date: extra.date ? longDate(locale, extra.date) : '',
      until: extra.until ? longDate(locale, extra.until) : '',
      link: `${appUrl}/contracts/cancel`,
      topic: extra.topic ?? operator.email,
      conditions: `${appUrl}/conditions`,
      revocation: `${appUrl}/revocation`,
      ...(extra.days === undefined ? {} : { days: extra.days }),
    }),
  );
}

/**
 * The account's address, nickname and language for a contract's mails (the order address once the account
 * is gone, in the language of the account that address belongs to, if any).
 */
export async function contractAddressee(
  db: Db | Tx,
  sub: SubscriptionRow,
): Promise<{ email: string; nickname: string; locale: Locale } | null> {
  if (sub.userId !== null) {
    const [u] = await db
      .select({
        email: users.email,
        nickname: users.nickname,
        locale: users.locale,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, sub.userId));
    if (u && !u.deletedAt) return { email: u.email, nickname: u.nickname, locale: u.locale };
  }
  return sub.email
    ? { email: sub.email, nickname: '', locale: await mailLocale(db as Db, sub.email, sub.locale) }
    : null;
}
