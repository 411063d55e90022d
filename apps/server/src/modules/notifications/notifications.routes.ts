import { messageResponse } from '@trostnetz/contracts/auth';
import {
  markNotificationsRead,
  notificationList,
  notificationPreferences,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  updateNotificationPreferences,
} from '@trostnetz/contracts/notifications';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { fill, t } from '../../i18n/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentMember } from '../../plugins/auth.ts';
import { layout } from '../mail/templates.ts';
import { findActiveUser } from '../users/users.service.ts';
import { checkNewsConfirm, checkUnsubscribe, newsConfirmUrl } from './notification-links.ts';
import { listNotifications, markRead } from './notifications.service.ts';
import {
  confirmNews,
  presentPreferences,
  settingsOf,
  unsubscribe,
  updatePreferences,
} from './preferences.service.ts';
import { subscribePush, unsubscribePush } from './push.service.ts';

const unsubscribeQuery = z.object({
  u: z.coerce.number().int().positive(),
  k: z.string().max(200),
  s: z.string().max(100),
});
const newsQuery = z.object({
  u: z.coerce.number().int().positive(),
  e: z.coerce.number().int(),
  s: z.string().max(100),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small page for a link opened from a mail: a button that posts (mail scanners only fetch links). */
function page(reply: FastifyReply, lang: string, text: string, button?: { label: string; action: string }) {
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(button.label)}</button></form>`
    : '';
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(text)}</title><main style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.6"><p>${escapeHtml(text)}</p>${form}</main></html>`,
    );
}

/** Notifications in the app, the member's choices, web push subscriptions, and the links in mails (issue 13). */
export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  r.get(
    '/api/notifications',
    { schema: { tags, response: { 200: notificationList } }, preHandler: app.requireMember },
    async (request) => listNotifications(ctx, currentMember(request).id),
  );

  r.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        body: markNotificationsRead,
        response: { 200: z.object({ unread: z.number().int() }) },
      },
      preHandler: app.requireMember,
    },
    async (request) => ({ unread: await markRead(ctx, currentMember(request).id, request.body.ids) }),
  );

  r.get(
    '/api/user/notifications',
    { schema: { tags, response: { 200: notificationPreferences } }, preHandler: app.requireMember },
    async (request) => presentPreferences(ctx, await settingsOf(ctx.db, currentMember(request).id)),
  );

  r.put(
    '/api/user/notifications',
    {
      schema: {
        tags,
        body: updateNotificationPreferences,
        response: { 200: notificationPreferences },
        description:
          'Product news by mail starts only after the link in the confirmation mail (double opt-in).',
      },
      preHandler: app.requireMember,
    },
    async (request) => {
      const member = currentMember(request);
      const { row, confirmNews: ask } = await updatePreferences(ctx, member.id, request.body);
      if (ask) {
        const url = newsConfirmUrl(ctx.config, member.id);
        const text = (key: Parameters<typeof fill>[1]) =>
          fill(member.locale, key, { app: ctx.config.appName, nickname: member.nickname });
        ctx.mailer.queue(
          layout(
            member.email,
            text('mail.news_confirm.subject'),
            [text('mail.greeting'), text('mail.news_confirm.asked'), text('mail.news_confirm.ignore')],
            { label: text('mail.news_confirm.action'), url },
            text('mail.footer.registered'),
          ),
        );
      }
      return presentPreferences(ctx, row);
    },
  );

  r.post(
    '/api/push/subscriptions',
    {
      schema: { tags, body: pushSubscriptionBody, response: { 204: z.null() } },
      preHandler: app.requireMember,
    },
    async (request, reply) => {
      await subscribePush(ctx, currentMember(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/api/push/subscriptions',
    {
      schema: { tags, body: pushUnsubscribeBody, response: { 204: z.null() } },
      preHandler: app.requireMember,
    },
    async (request, reply) => {
      await unsubscribePush(ctx, currentMember(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  // The links in mails work without signing in: the signature is the permission.
  r.get(
    '/api/notifications/unsubscribe',
    { schema: { tags, querystring: unsubscribeQuery, hide: true } },
    async (request, reply) => {
      const valid = checkUnsubscribe(ctx.config, request.query);
      if (!valid) throw new AppError('not_found');
      return page(reply, request.locale, t(request.locale, 'notify.unsubscribe_confirm'), {
        label: t(request.locale, 'notify.unsubscribe_confirm'),
        action: request.url,
      });
    },
  );

  r.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        querystring: unsubscribeQuery,
        response: { 200: messageResponse },
        description: 'RFC 8058 one-click unsubscribe from the kinds named in the signed link.',
      },
    },
    async (request) => {
      const valid = checkUnsubscribe(ctx.config, request.query);
      if (!valid) throw new AppError('not_found');
      const member = await findActiveUser(ctx.db, valid.userId);
      if (member) for (const kind of valid.kinds) await unsubscribe(ctx, member.id, kind);
      return {
        message: t(request.locale, 'notify.unsubscribed', { link: `${ctx.config.appUrl}/notifications` }),
      };
    },
  );

  r.get(
    '/api/notifications/news/confirm',
    { schema: { tags, querystring: newsQuery, hide: true } },
    async (request, reply) => {
      if (!checkNewsConfirm(ctx.config, request.query)) throw new AppError('not_found');
      return page(reply, request.locale, t(request.locale, 'mail.news_confirm.action'), {
        label: t(request.locale, 'mail.news_confirm.action'),
        action: request.url,
      });
    },
  );

  r.post(
    '/api/notifications/news/confirm',
    { schema: { tags, querystring: newsQuery, response: { 200: messageResponse } } },
    async (request) => {
      if (!checkNewsConfirm(ctx.config, request.query)) throw new AppError('not_found');
      if (!(await confirmNews(ctx, request.query.u))) throw new AppError('conflict');
      return { message: t(request.locale, 'notify.news_confirmed') };
    },
  );
}
