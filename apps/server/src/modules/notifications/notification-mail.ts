import type { Locale } from '@trostnetz/contracts/messages';
import { isChoosable, type NotificationKind } from '@trostnetz/contracts/notifications';
import type { Config } from '../../config.ts';
import { fill, type TextKey } from '../../i18n/catalogue.ts';
import type { Mail } from '../mail/mailer.ts';
import { layout } from '../mail/templates.ts';
import { unsubscribeUrl } from './notification-links.ts';

export interface NoticeLine {
  id: number;
  kind: NotificationKind;
  /** The other member's nickname ('' when their account is gone). */
  name: string;
  actorId: number | null;
  postId: number | null;
  groupId: number | null;
}

/** The one line that says who and what kind; the same words the app and a push use. */
export function noticeLine(locale: Locale, appName: string, kind: NotificationKind, name: string): string {
  const who = name || fill(locale, 'notify.someone', {});
  return fill(locale, `notify.${kind}` as TextKey, { name: who, app: appName });
}

/**
 * One mail for everything waiting (a digest when several wrote). It names people and kinds only, never
 * what was written; it carries the one-click unsubscribe for its kinds (RFC 8058) and the way to
 * /notifications, and a Message-ID fixed by its notifications, so a repeated hand-over is the same mail.
 */
export function noticeMail(
  config: Config,
  to: { id: number; email: string; nickname: string; locale: Locale },
  lines: NoticeLine[],
): Mail {
  const { locale } = to;
  const app = config.appName;
  const text = (key: TextKey, values: Record<string, string> = {}) =>
    fill(locale, key, { app, nickname: to.nickname, ...values });
  const sentences = lines.map((l) => noticeLine(locale, app, l.kind, l.name));
  const onlyChat = lines.length === 1 && lines[0]!.kind === 'chat_message';
  // Only kinds a member may switch off can be unsubscribed; a mail of fixed kinds alone offers none.
  const kinds = [...new Set(lines.map((l) => l.kind))].filter(isChoosable);
  const unsubscribe = kinds.length ? unsubscribeUrl(config, to.id, kinds) : null;
  const settings = `${config.appUrl}/notifications`;
  const paragraphs = onlyChat
    ? [
        text('mail.greeting'),
        text('mail.notice.chat_intro', { name: lines[0]!.name || text('notify.someone') }),
      ]
    : [text('mail.greeting'), text('mail.notice.intro'), ...sentences.map((s) => `• ${s}`)];
  const subject =
    lines.length === 1
      ? text('mail.notice.subject_one', { line: sentences[0]! })
      : text('mail.notice.subject_many');
  const mail = layout(
    to.email,
    subject,
    [...paragraphs, text('mail.notice.private')],
    {
      label: text('mail.notice.action'),
      url: lines.length === 1 ? `${config.appUrl}${urlOf(lines[0]!)}` : settings,
    },
    unsubscribe
      ? text('mail.notice.footer', { link: settings, unsubscribe })
      : text('mail.notice.footer_fixed', { link: settings }),
  );
  const host = new URL(config.appUrl).hostname;
  return {
    ...mail,
    headers: {
      ...(unsubscribe
        ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {}),
      'Message-ID': `<notice-${lines.map((l) => l.id).join('-')}@${host}>`,
    },
  };
}

/** Where a notification leads in the app. */
export function urlOf(n: {
  kind: NotificationKind;
  actorId: number | null;
  postId: number | null;
  groupId: number | null;
  /** Moderation (issue 16): `notice:{id}` and `appeal:{id}` lead to that statement of reasons. */
  groupKey?: string;
}): string {
  switch (n.kind) {
    case 'moderation': {
      const notice = /^(?:notice|appeal):(\d+)$/.exec(n.groupKey ?? '');
      return notice ? `/notices/${notice[1]}` : '/notices';
    }
    case 'report_received':
    case 'report_decided':
      return '/notices';
    case 'chat_message':
    case 'friend_accepted':
      return n.actorId ? `/chat/${n.actorId}` : '/chat';
    case 'friend_request':
      return n.actorId ? `/friend-request/${n.actorId}` : '/dashboard';
    case 'friend_words':
      return n.actorId ? `/profile/${n.actorId}` : '/dashboard';
    case 'reply':
    case 'group_post':
      return n.groupId && n.postId ? `/groups/${n.groupId}/posts/${n.postId}` : '/groups';
    default:
      return '/dashboard';
  }
}
