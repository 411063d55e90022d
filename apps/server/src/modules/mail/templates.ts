import type { Locale } from '@trostnetz/contracts/messages';
import { fill, type TextKey } from '../../i18n/catalogue.ts';
import type { Mail } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every mail's look: paragraphs, one button, a footer (and for notices, further links below it). */
export function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): Mail {
  const text = [...paragraphs, '', `${action.label}: ${action.url}`, '', footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.6;color:#2f3a3a;max-width:560px;margin:auto;padding:24px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2f6f62;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#5b6766">${escapeHtml(footer)}</p></body></html>`;
  return { to, subject, text, html };
}

/** A mail's own details (the texts name them as {{name}}, {{date}}, …). */
export interface MailParams {
  name: string;
  message: string;
  /** A second address named in the text (the action button carries the first). */
  link?: string;
  /** How many days a request waited (requestExpired), or are left (deletion). */
  days?: number;
  /** A customer-service request's number and topic (supportReceived, supportTeam). */
  reference?: string;
  topic?: string;
  /** A date written out in the mail's language. */
  date?: string;
  /** Contracts (issue 14): the plan, an amount and its VAT, the end of a period, the legal pages. */
  plan?: string;
  amount?: string;
  vat?: string;
  until?: string;
  conditions?: string;
  revocation?: string;
}

/** Values a mail text may use: the product, the addressee and the mail's own parameters. */
type Values = Required<MailParams> & { app: string; nickname: string };

interface MailParts {
  subject: TextKey;
  /** The paragraphs after the greeting. */
  body: (p: MailParams) => TextKey[];
  action: TextKey;
  footer: TextKey;
}

/** Each mail as keys of the text catalogue (i18n/catalogue.ts); the layout above gives every mail its look. */
const mails = {
  verify: {
    subject: 'mail.verify.subject',
    body: () => ['mail.verify.welcome', 'mail.verify.valid'],
    action: 'mail.verify.action',
    footer: 'mail.verify.footer',
  },
  addressInUse: {
    subject: 'mail.address_in_use.subject',
    body: () => ['mail.address_in_use.attempt', 'mail.address_in_use.was_it_you'],
    action: 'mail.address_in_use.action',
    footer: 'mail.address_in_use.footer',
  },
  reset: {
    subject: 'mail.reset.subject',
    body: () => ['mail.reset.asked'],
    action: 'mail.reset.action',
    footer: 'mail.reset.footer',
  },
  passwordChanged: {
    subject: 'mail.password_changed.subject',
    body: () => ['mail.password_changed.done', 'mail.password_changed.not_you'],
    action: 'mail.password_changed.action',
    footer: 'mail.footer.security',
  },
  /** To the new address: its confirmation link. */
  emailConfirm: {
    subject: 'mail.email_confirm.subject',
    body: () => ['mail.email_confirm.asked', 'mail.email_confirm.valid'],
    action: 'mail.email_confirm.action',
    footer: 'mail.email_confirm.footer',
  },
  /** To the old address: the new one (`name`) and the undo link. */
  emailChangeRequested: {
    subject: 'mail.email_change.subject',
    body: () => ['mail.email_change.asked', 'mail.email_change.undo'],
    action: 'mail.email_change.action',
    footer: 'mail.footer.security',
  },
  /** To the owner of an address another member tried to move their account to. */
  addressClaimed: {
    subject: 'mail.address_claimed.subject',
    body: () => ['mail.address_claimed.attempt', 'mail.address_in_use.was_it_you'],
    action: 'mail.address_in_use.action',
    footer: 'mail.address_in_use.footer',
  },
  /** A sign-in from a browser and system (`name`) not seen before for this member. */
  newSignIn: {
    subject: 'mail.new_sign_in.subject',
    body: () => ['mail.new_sign_in.when', 'mail.new_sign_in.not_you'],
    action: 'mail.new_sign_in.action',
    footer: 'mail.footer.security',
  },
  /** A staff member's TOTP was reset by an admin (issue 16): they enrol again at the next sign-in. */
  secondFactorReset: {
    subject: 'mail.second_factor_reset.subject',
    body: () => ['mail.second_factor_reset.done', 'mail.second_factor_reset.next'],
    action: 'mail.second_factor_reset.action',
    footer: 'mail.footer.security',
  },
  /** Repeated wrong second-factor codes for a console account (from any address): its owner is told. */
  secondFactorFailures: {
    subject: 'mail.second_factor_failures.subject',
    body: () => ['mail.second_factor_failures.what', 'mail.second_factor_failures.next'],
    action: 'mail.second_factor_reset.action',
    footer: 'mail.footer.security',
  },
  /** A suspension was lifted early by the team (issue 16): the member may sign in again. */
  suspensionLifted: {
    subject: 'mail.suspension_lifted.subject',
    body: () => ['mail.suspension_lifted.done'],
    action: 'mail.suspension_lifted.action',
    footer: 'mail.moderation.footer',
  },
  supportReceived: {
    subject: 'mail.support_received.subject',
    body: () => ['mail.support_received.thanks', 'mail.support_received.when'],
    action: 'mail.support_received.action',
    footer: 'mail.support_received.footer',
  },
  supportTeam: {
    subject: 'mail.support_team.subject',
    body: () => ['mail.support_team.new', 'mail.support_team.read'],
    action: 'mail.support_team.action',
    footer: 'mail.support_team.footer',
  },
  deletion: {
    subject: 'mail.deletion.subject',
    body: () => ['mail.deletion.hidden', 'mail.deletion.when'],
    action: 'mail.deletion.action',
    footer: 'mail.deletion.footer',
  },
  exportMade: {
    subject: 'mail.export.subject',
    body: () => ['mail.export.made', 'mail.export.not_you'],
    action: 'mail.export.action',
    footer: 'mail.footer.registered',
  },
  /** The order confirmation on a durable medium (§ 312f BGB): essentials, conditions, withdrawal. */
  premiumOrder: {
    subject: 'mail.premium_order.subject',
    body: () => [
      'mail.premium_order.thanks',
      'mail.premium_order.essentials',
      'mail.premium_order.includes',
      'mail.premium_order.cancel',
      'mail.premium_order.withdrawal',
      'mail.premium_order.withdrawal_effects',
      'mail.premium_order.conditions',
    ],
    action: 'mail.premium_order.action',
    footer: 'mail.footer.contract',
  },
  receipt: {
    subject: 'mail.receipt.subject',
    body: () => ['mail.receipt.paid'],
    action: 'mail.receipt.action',
    footer: 'mail.footer.contract',
  },
  /** A payment for a contract that has already ended (a late event): it extends nothing, and the mail says so. */
  receiptAfterEnd: {
    subject: 'mail.receipt.subject',
    body: () => ['mail.receipt.paid_after_end'],
    action: 'mail.receipt.action',
    footer: 'mail.footer.contract',
  },
  cancellation: {
    subject: 'mail.cancellation.subject',
    body: () => ['mail.cancellation.received', 'mail.cancellation.ends'],
    action: 'mail.cancellation.action',
    footer: 'mail.footer.contract',
  },
  /** The same subject as `cancellation`: only the addressee's own mailbox learns that nothing was found. */
  cancellationNotFound: {
    subject: 'mail.cancellation.subject',
    body: () => ['mail.cancellation.received', 'mail.cancellation.not_found'],
    action: 'mail.cancellation.action',
    footer: 'mail.footer.contract',
  },
  withdrawal: {
    subject: 'mail.withdrawal.subject',
    body: () => ['mail.withdrawal.received', 'mail.withdrawal.ends'],
    action: 'mail.cancellation.action',
    footer: 'mail.footer.contract',
  },
  withdrawalLate: {
    subject: 'mail.withdrawal.subject',
    body: () => ['mail.withdrawal.received', 'mail.withdrawal.late'],
    action: 'mail.cancellation.action',
    footer: 'mail.footer.contract',
  },
  /** A declaration sent without the contract's session: it takes effect once this mail's link is opened. */
  cancellationConfirm: {
    subject: 'mail.cancellation.subject',
    body: () => ['mail.cancellation.received', 'mail.declaration.confirm'],
    action: 'mail.declaration.confirm_action',
    footer: 'mail.footer.contract',
  },
  withdrawalConfirm: {
    subject: 'mail.withdrawal.subject',
    body: () => ['mail.withdrawal.received', 'mail.declaration.confirm'],
    action: 'mail.declaration.confirm_action',
    footer: 'mail.footer.contract',
  },
  withdrawalNotFound: {
    subject: 'mail.withdrawal.subject',
    body: () => ['mail.withdrawal.received', 'mail.cancellation.not_found'],
    action: 'mail.cancellation.action',
    footer: 'mail.footer.contract',
  },
  paymentFailed: {
    subject: 'mail.payment_failed.subject',
    body: () => ['mail.payment_failed.failed', 'mail.payment_failed.grace'],
    action: 'mail.payment_failed.action',
    footer: 'mail.footer.contract',
  },
} satisfies Record<string, MailParts>;

export type MailKind = keyof typeof mails;

export function mailTemplate(
  kind: MailKind,
  locale: Locale,
  appName: string,
  to: { email: string; nickname: string },
  url: string,
  params: MailParams = { name: '', message: '' },
): Mail {
  const parts: MailParts = mails[kind];
  const values: Values = {
    link: '',
    days: 0,
    reference: '',
    topic: '',
    date: '',
    plan: '',
    amount: '',
    vat: '',
    until: '',
    conditions: '',
    revocation: '',
    ...params,
    app: appName,
    nickname: to.nickname,
  };
  const text = (key: TextKey) => fill(locale, key, values);
  return layout(
    to.email,
    text(parts.subject),
    [text('mail.greeting'), ...parts.body(params).map(text)],
    { label: text(parts.action), url },
    text(parts.footer),
  );
}
