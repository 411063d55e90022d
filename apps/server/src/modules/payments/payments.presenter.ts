import type { Plan, Receipt, SubscriptionView } from '@trostnetz/contracts/payments';
import type { PlanRow, payments, SubscriptionRow } from '../../db/schema/payments.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A plan as the web app shows it: the total and the price per month, in cents including VAT. */
export const planView = (row: Pick<PlanRow, 'id' | 'months' | 'totalCents'>): Plan => ({
  id: row.id,
  months: row.months,
  currency: 'eur',
  total_cents: row.totalCents,
  per_month_cents: Math.round(row.totalCents / row.months),
});

export const subscriptionView = (row: SubscriptionRow): SubscriptionView => ({
  reference: row.reference,
  plan: planView({ id: row.planId, months: row.months, totalCents: row.totalCents }),
  status: row.status,
  current_period_end: iso(row.currentPeriodEnd),
  grace_until: iso(row.graceUntil),
  ends_at: iso(row.endsAt ?? row.endedAt),
  started_at: iso(row.startedAt),
});

export const receiptView = (row: typeof payments.$inferSelect): Receipt => ({
  number: row.number,
  amount_cents: row.amountCents,
  currency: 'eur',
  paid_at: row.paidAt.toISOString(),
  period_end: iso(row.periodEnd),
});
