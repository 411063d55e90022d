import { z } from 'zod';
import { emailField, requiredString, textField } from './fields.ts';
import { vmsg } from './messages.ts';

/** A subscription's state (issue 14). `pending`: checkout opened, nothing paid yet. */
export const SubscriptionStatus = {
  pending: 'pending',
  active: 'active',
  /** A renewal payment failed: premium is kept for the grace period while the provider retries. */
  pastDue: 'past_due',
  ended: 'ended',
} as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];
export const SUBSCRIPTION_STATUSES = Object.values(SubscriptionStatus) as [
  SubscriptionStatus,
  ...SubscriptionStatus[],
];

/** Days of premium kept after a failed renewal payment. */
export const PAYMENT_GRACE_DAYS = 7;
/** The statutory withdrawal period (§ 355 (2) BGB). */
export const WITHDRAWAL_DAYS = 14;

export const plan = z.object({
  id: z.string(),
  months: z.number().int(),
  currency: z.literal('eur'),
  /** Everything in cents, VAT included. */
  total_cents: z.number().int(),
  per_month_cents: z.number().int(),
});
export type Plan = z.infer<typeof plan>;
export const planList = z.array(plan);
export const planParam = z.object({ plan_id: z.string().max(64) });

export const checkoutBody = z.object({
  plan_id: z
    .string({ error: vmsg('required') })
    .min(1, vmsg('required'))
    .max(64, vmsg('invalid')),
  /** § 356 (4) BGB: the member asks for premium to start at once and knows the withdrawal right ends early. */
  immediate_start: z.literal(true, { error: vmsg('immediate_start') }),
});
export type CheckoutBody = z.input<typeof checkoutBody>;
/** Where the browser continues: Stripe's checkout page, or the built-in test provider's page. */
export const checkoutStarted = z.object({ url: z.string(), session_id: z.string() });

export const subscriptionView = z.object({
  reference: z.string(),
  plan: plan,
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_end: z.string().nullable(),
  grace_until: z.string().nullable(),
  /** The date the contract ends when it was cancelled; null while it renews. */
  ends_at: z.string().nullable(),
  started_at: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;
export const receipt = z.object({
  number: z.string(),
  amount_cents: z.number().int(),
  currency: z.literal('eur'),
  paid_at: z.string(),
  period_end: z.string().nullable(),
});
export type Receipt = z.infer<typeof receipt>;
export const mySubscription = z.object({
  is_premium: z.boolean(),
  premium_until: z.string().nullable(),
  show_supporter_badge: z.boolean(),
  subscription: subscriptionView.nullable(),
  receipts: z.array(receipt),
});
export type MySubscription = z.infer<typeof mySubscription>;
export const badgeBody = z.object({ show: z.boolean({ error: vmsg('required') }) });

/** `/checkout-succeeded?session_id=`: what the member's checkout came to. */
export const checkoutState = z.object({
  state: z.enum(['confirming', 'premium', 'failed']),
  is_premium: z.boolean(),
});
export const sessionQuery = z.object({ session_id: z.string().min(1).max(200) });

export const CANCELLATION_KINDS = ['ordinary', 'extraordinary'] as const;
export const CANCELLATION_REASON_MAX = 2000;
export const CONTRACT_REFERENCE_MAX = 40;

/** "Verträge hier kündigen" (§ 312k BGB): no login; the answer never says whether a contract exists. */
export const cancellationBody = z
  .object({
    kind: z.enum(CANCELLATION_KINDS, { error: vmsg('required') }),
    reason: textField().max(CANCELLATION_REASON_MAX, vmsg('max', CANCELLATION_REASON_MAX)).optional(),
    name: requiredString(100),
    email: emailField,
    contract_reference: textField()
      .max(CONTRACT_REFERENCE_MAX, vmsg('max', CONTRACT_REFERENCE_MAX))
      .optional(),
    /** `YYYY-MM-DD`; left out means the earliest possible date. */
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, vmsg('invalid'))
      .optional(),
  })
  .refine((b) => b.kind !== 'extraordinary' || (b.reason ?? '').trim().length > 0, {
    path: ['reason'],
    message: vmsg('required'),
  });
export type CancellationBody = z.input<typeof cancellationBody>;

/** "Vertrag widerrufen" (EU directive 2023/2673): the confirmed second step, no login. */
export const withdrawalBody = z.object({
  name: requiredString(100),
  email: emailField,
  contract_reference: textField().max(CONTRACT_REFERENCE_MAX, vmsg('max', CONTRACT_REFERENCE_MAX)).optional(),
});
export type WithdrawalBody = z.input<typeof withdrawalBody>;

/**
 * The same for every address: the time of receipt (the mail tells the rest). `needs_confirmation` is false
 * only for a signed-in member who gave their own address: everyone else confirms with the mailed link.
 */
export const declarationReceived = z.object({
  received_at: z.string(),
  message: z.string(),
  needs_confirmation: z.boolean(),
});
export type DeclarationReceived = z.infer<typeof declarationReceived>;

/** How long the link that confirms a cancellation or withdrawal stays valid. */
export const DECLARATION_CONFIRM_DAYS = 7;

/** POST /api/payments/declarations/confirm: the token from the mailed link. */
export const declarationConfirmBody = z.object({
  token: z.string().regex(/^dc_[A-Za-z0-9_-]{43}$/, vmsg('invalid')),
});
export const declarationConfirmed = z.object({
  kind: z.enum(['ordinary', 'extraordinary', 'withdrawal']),
  message: z.string(),
});
export type DeclarationConfirmed = z.infer<typeof declarationConfirmed>;

/** The built-in test provider's page (no Stripe key set). */
export const testSessionView = z.object({
  session_id: z.string(),
  plan: plan,
  state: z.enum(['open', 'paid', 'failed', 'aborted']),
});
export const testSessionParam = z.object({ session: z.string().regex(/^cs_test_[A-Za-z0-9]{8,64}$/) });
export const testOutcomeBody = z.object({
  outcome: z.enum(['success', 'failure', 'abort'], { error: vmsg('required') }),
});
export const testOutcomeResult = z.object({ url: z.string() });

/** Sent on the member's own channel whenever `is_premium` or `premium_until` change. */
export const premiumChangedEvent = z.object({
  is_premium: z.boolean(),
  premium_until: z.string().nullable(),
});
