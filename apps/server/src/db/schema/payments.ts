import { SUBSCRIPTION_STATUSES } from '@trostnetz/contracts/payments';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Premium plans as data (issue 14): seeded with 1, 3 and 6 months; the admin console will manage them. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  months: integer('months').notNull(),
  /** The whole period's price in euro cents, VAT included. */
  totalCents: integer('total_cents').notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PlanRow = typeof plans.$inferSelect;

/**
 * One contract per checkout. `users.is_premium` / `premium_until` follow from these rows alone
 * (payments.service.ts `recomputePremium`). After the account is erased the row stays for the
 * operator's books without the person (user and addresses emptied).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `PV-7K4M-Q2XP`: the contract reference a member quotes when cancelling. */
    reference: text('reference').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The account's address when ordering (a cancellation may name it after an address change). */
    email: text('email'),
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    /** Price and length as ordered: a later price change does not touch a running contract. */
    months: integer('months').notNull(),
    totalCents: integer('total_cents').notNull(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    /** The checkout failed or was aborted at the provider (the pending row then ends). */
    checkoutOutcome: text('checkout_outcome', { enum: ['paid', 'failed', 'aborted'] }),
    immediateStartAt: timestamp('immediate_start_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    /** Cancelled: the contract ends at this moment (the period end for an ordinary cancellation). */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', {
      enum: ['cancelled', 'withdrawn', 'payment_failed', 'checkout_failed', 'account_deleted'],
    }),
    /** Event time (seconds) of the newest provider state applied: older events never undo it. */
    stateAt: bigint('state_at', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_status_idx').on(t.status, t.currentPeriodEnd),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A receipt per payment (an invoice paid at the provider). */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull().unique(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    providerPaymentId: text('provider_payment_id'),
    amountCents: integer('amount_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }),
  },
  (t) => [index('payments_subscription_idx').on(t.subscriptionId)],
);

/** Webhook events already handled (by the provider's event id): a second delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cancellations and withdrawals declared through the forms without login (§ 312k BGB, EU directive
 * 2023/2673), kept as proof of receipt. `user_id` is the account the declaration was matched to.
 */
export const contractDeclarations = pgTable(
  'contract_declarations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['ordinary', 'extraordinary', 'withdrawal'] }).notNull(),
    reason: text('reason'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    contractReference: text('contract_reference'),
    requestedDate: text('requested_date'),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A declaration sent without the contract's own session takes effect once the link mailed to the
     * contract's address is opened: the hash of that link's token, and when it was opened (or, signed in
     * with the contract's address, the time of receipt).
     */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('contract_declarations_user_idx').on(t.userId),
    uniqueIndex('contract_declarations_confirm_idx').on(t.confirmTokenHash),
  ],
);
export type DeclarationRow = typeof contractDeclarations.$inferSelect;
