import { messageResponse } from '@trostnetz/contracts/auth';
import type { Locale } from '@trostnetz/contracts/messages';
import {
  markNotificationsRead,
  notificationList,
  notificationPreferences,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  updateNotificationPreferences,
} from '@trostnetz/contracts/notifications';
import { notificationsApi } from '@trostnetz/contracts/notifications.endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { fill, t } from '../../i18n/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { at } from '../../lib/endpoint-route.ts';
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

/** The style of the pages below, a file of the app's own origin (the CSP allows no inline style). */
const PAGE_CSS_PATH = notificationsApi.pageCss.path;
const PAGE_CSS = `body{margin:0;background:#faf7f2;color:#2b2a28;font:16px/1.6 system-ui,sans-serif}
main{max-width:560px;margin:48px auto;padding:24px;background:#fff;border:1px solid #e6dfd3;border-radius:16px}
h1{font-size:1.35rem;margin:0 0 12px}.app{margin:0 0 8px;font-weight:600;color:#5b6b58}
button{font:inherit;font-weight:600;min-height:44px;padding:8px 18px;border:0;border-radius:12px;background:#4f6b4a;color:#fff;cursor:pointer}
nav{margin-top:24px;display:flex;flex-wrap:wrap;gap:8px 20px}a{color:#3d5a38;font-weight:600}
@media (max-width:600px){main{margin:0;border:0;border-radius:0;min-height:100vh;box-sizing:border-box}}`;

/** A page a link from a mail opens or ends on: in the account's language, with the way back into the app. */
interface MailPage {
  locale: Locale;
  title: string;
  text: string;
  /** A button that posts (mail scanners only fetch links). */
  button?: { label: string; action: string };
}

function page(reply: FastifyReply, config: Config, p: MailPage, status = 200) {
  const form = p.button
    ? `<form method="post" action="${escapeHtml(p.button.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(p.button.label)}</button></form>`
    : '';
  const app = config.appName;
  const links = [
    [`${config.appUrl}/notifications`, t(p.locale, 'mail_page.to_settings')],
    [`${config.appUrl}/`, t(p.locale, 'mail_page.to_app', { app })],
  ]
    .map(([href, label]) => `<a href="${escapeHtml(href!)}">${escapeHtml(label!)}</a>`)
    .join('');
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${p.locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(`${p.title} – ${app}`)}</title><link rel="stylesheet" href="${PAGE_CSS_PATH}"><main><p class="app">${escapeHtml(app)}</p><h1>${escapeHtml(p.title)}</h1><p>${escapeHtml(p.text)}</p>${form}<nav>${links}</nav></main></html>`,
    );
}

/** A browser that sent the page's form wants a page back; a mail client's one-click POST or an API call, JSON. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** Notifications in the app, the member's choices, web push subscriptions, and the links in mails (issue 13). */
export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  r.route({
    ...at(notificationsApi.list),
    schema: { tags, response: { 200: notificationList } },
    preHandler: app.requireMember,
    handler: async (request) => listNotifications(ctx, currentMember(request).id),
  });

  r.route({
    ...at(notificationsApi.markRead),
    schema: {
      tags,
      body: markNotificationsRead,
      response: { 200: z.object({ unread: z.number().int() }) },
    },
    preHandler: app.requireMember,
    handler: async (request) => ({
      unread: await markRead(ctx, currentMember(request).id, request.body.ids),
    }),
  });

  r.route({
    ...at(notificationsApi.preferences),
    schema: { tags, response: { 200: notificationPreferences } },
    preHandler: app.requireMember,
    handler: async (request) => presentPreferences(ctx, await settingsOf(ctx.db, currentMember(request).id)),
  });

  r.route({
    ...at(notificationsApi.savePreferences),
    schema: {
      tags,
      body: updateNotificationPreferences,
      response: { 200: notificationPreferences },
      description:
        'Product news by mail starts only after the link in the confirmation mail (double opt-in).',
    },
    preHandler: app.requireMember,
    handler: async (request) => {
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
  });

  r.route({
    ...at(notificationsApi.subscribePush),
    schema: { tags, body: pushSubscriptionBody, response: { 204: z.null() } },
    preHandler: app.requireMember,
    handler: async (request, reply) => {
      await subscribePush(ctx, currentMember(request).id, request.body);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...at(notificationsApi.unsubscribePush),
    schema: { tags, body: pushUnsubscribeBody, response: { 204: z.null() } },
    preHandler: app.requireMember,
    handler: async (request, reply) => {
      await unsubscribePush(ctx, currentMember(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  });

  // The links in mails work without signing in: the signature is the permission.
  r.route({
    ...at(notificationsApi.pageCss),
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(PAGE_CSS),
  });

  /** The language of the member a signed link names: the account's, else the browser's. */
  const localeOf = async (request: FastifyRequest, userId: number | null) =>
    (userId === null ? undefined : await findActiveUser(ctx.db, userId))?.locale ?? request.locale;
  const invalidLink = (request: FastifyRequest, reply: FastifyReply) =>
    page(
      reply,
      ctx.config,
      {
        locale: request.locale,
        title: t(request.locale, 'mail_page.invalid.title'),
        text: t(request.locale, 'mail_page.invalid'),
      },
      404,
    );

  r.route({
    ...at(notificationsApi.unsubscribePage),
    schema: { tags, hide: true },
    handler: async (request, reply) => {
      const query = unsubscribeQuery.safeParse(request.query);
      const valid = query.success ? checkUnsubscribe(ctx.config, query.data) : null;
      if (!valid) return invalidLink(request, reply);
      const locale = await localeOf(request, valid.userId);
      return page(reply, ctx.config, {
        locale,
        title: t(locale, 'mail_page.unsubscribe.title'),
        text: t(locale, 'mail_page.unsubscribe.ask'),
        button: { label: t(locale, 'notify.unsubscribe_confirm'), action: request.url },
      });
    },
  });

  r.route({
    ...at(notificationsApi.unsubscribe),
    schema: {
      tags,
      querystring: unsubscribeQuery,
      response: { 200: messageResponse },
      description:
        "RFC 8058 one-click unsubscribe from the kinds named in the signed link. A browser's form post (Accept: text/html) gets a page in the account's language with the way back into the app.",
    },
    handler: async (request, reply) => {
      const valid = checkUnsubscribe(ctx.config, request.query);
      if (!valid) {
        if (wantsPage(request)) return invalidLink(request, reply);
        throw new AppError('not_found');
      }
      const member = await findActiveUser(ctx.db, valid.userId);
      if (member) for (const kind of valid.kinds) await unsubscribe(ctx, member.id, kind);
      const locale = member?.locale ?? request.locale;
      if (wantsPage(request)) {
        return page(reply, ctx.config, {
          locale,
          title: t(locale, 'mail_page.unsubscribe.title'),
          text: t(locale, 'mail_page.unsubscribed'),
        });
      }
      return {
        message: t(locale, 'notify.unsubscribed', { link: `${ctx.config.appUrl}/notifications` }),
      };
    },
  });

  r.route({
    ...at(notificationsApi.newsConfirmPage),
    schema: { tags, hide: true },
    handler: async (request, reply) => {
      const query = newsQuery.safeParse(request.query);
      if (!query.success || !checkNewsConfirm(ctx.config, query.data)) return invalidLink(request, reply);
      const locale = await localeOf(request, query.data.u);
      return page(reply, ctx.config, {
        locale,
        title: t(locale, 'mail_page.news.title'),
        text: t(locale, 'mail_page.news.ask', { app: ctx.config.appName }),
        button: { label: t(locale, 'mail.news_confirm.action'), action: request.url },
      });
    },
  });

  r.route({
    ...at(notificationsApi.newsConfirm),
    schema: {
      tags,
      querystring: newsQuery,
      response: { 200: messageResponse },
      description:
        "The double opt-in link of product news. A browser's form post (Accept: text/html) gets a page in the account's language.",
    },
    handler: async (request, reply) => {
      if (!checkNewsConfirm(ctx.config, request.query)) {
        if (wantsPage(request)) return invalidLink(request, reply);
        throw new AppError('not_found');
      }
      const confirmed = await confirmNews(ctx, request.query.u);
      const locale = await localeOf(request, request.query.u);
      if (wantsPage(request)) {
        return page(reply, ctx.config, {
          locale,
          title: t(locale, 'mail_page.news.title'),
          text: t(locale, confirmed ? 'notify.news_confirmed' : 'mail_page.news.not_wanted'),
        });
      }
      if (!confirmed) throw new AppError('conflict');
      return { message: t(locale, 'notify.news_confirmed') };
    },
  });
}
