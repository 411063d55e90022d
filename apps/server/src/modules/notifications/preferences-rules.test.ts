import { DEFAULT_CHOICES, FIXED_KINDS, NOTIFICATION_KINDS } from '@trostnetz/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, registerMember, verifyMember } from '../../test/factories.ts';
import { grantRole, makeSuperAdmin } from '../../test/staff.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { newsConfirmUrl, unsubscribeUrl } from './notification-links.ts';
import { inQuietHours, orDefaults, quietHoursEnd } from './preferences.service.ts';

/**
 * The member's choices (issue 13): kind × channel with calm defaults, quiet hours in their own time
 * zone, product news by mail only after the confirmation link (UWG § 7), one-click unsubscribe.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function member(): Promise<MemberTokens> {
  const m = await registerMember(t, { nickname: `Ida${++seq}` });
  await verifyMember(t, m);
  return m;
}
const prefs = (m: MemberTokens, body: unknown) =>
  call(t, 'PUT', '/api/user/notifications', { token: m.token, body });
const shown = (m: MemberTokens) => call(t, 'GET', '/api/user/notifications', { token: m.token });
/** The member's settings as the export of their data lists them (only what they changed is stored). */
async function storedSettings(m: MemberTokens) {
  const { exportMember } = await import('../../lifecycle/member-data-table.ts');
  const data = (await exportMember(t.app.ctx, m.id)) as unknown as { notifications: { settings: unknown[] } };
  return data.notifications.settings;
}
/** The confirmation links for product news mailed to the member, oldest first. */
async function newsLinks(m: MemberTokens) {
  const links = (await outbox(t))
    .filter((x) => x.to.includes(m.email))
    .map((x) => x.links.find((l) => l.includes('/api/notifications/news/confirm')))
    .filter((l): l is string => l !== undefined)
    .map((l) => new URL(l.replaceAll('&amp;', '&')));
  return links.map((u) => `${u.pathname}${u.search}`);
}

describe('notifications: quiet hours', () => {
  const row = (quietStart: number, quietEnd: number, timeZone: string) => ({
    ...orDefaults(1, null),
    quietStart,
    quietEnd,
    timeZone,
  });
  const utc = (iso: string) => new Date(`${iso}Z`);

  it('quiet hours rule: a window within one day (9–17) holds from its start hour up to, not including, its end hour', () => {
    const nine = row(9, 17, 'UTC');
    expect(
      [
        '2030-01-15T03:00',
        '2030-01-15T08:59',
        '2030-01-15T09:00',
        '2030-01-15T16:59',
        '2030-01-15T17:00',
        '2030-01-15T20:00',
      ].map((at) => inQuietHours(nine, utc(at))),
    ).toEqual([false, false, true, true, false, false]);
  });

  it("quiet hours rule: 22–7 wraps past midnight, in the member's own time zone (Berlin: UTC+1 in winter, UTC+2 in summer)", () => {
    const berlin = row(22, 7, 'Europe/Berlin');
    expect(
      ['2030-01-15T20:59', '2030-01-15T21:00', '2030-01-16T05:59', '2030-01-16T06:00'].map((at) =>
        inQuietHours(berlin, utc(at)),
      ),
    ).toEqual([false, true, true, false]);
    expect(
      ['2030-07-15T19:59', '2030-07-15T20:00', '2030-07-16T04:59', '2030-07-16T05:00'].map((at) =>
        inQuietHours(berlin, utc(at)),
      ),
    ).toEqual([false, true, true, false]);
  });

  it('quiet hours rule: start = end means no quiet hours at all, at any hour', () => {
    for (const hour of [0, 5, 23]) {
      const none = row(hour, hour, 'UTC');
      const quiet = Array.from({ length: 24 }, (_, h) =>
        inQuietHours(none, new Date(Date.UTC(2030, 0, 15, h, 30))),
      ).filter(Boolean);
      expect(quiet, String(hour)).toEqual([]);
    }
  });

  it('quiet hours rule: a held mail goes out at the first quarter hour outside them (07:00 in Berlin), one outside them at the next quarter hour', () => {
    const berlin = row(22, 7, 'Europe/Berlin');
    expect(quietHoursEnd(berlin, utc('2030-01-15T22:10')).toISOString()).toBe('2030-01-16T06:00:00.000Z');
    expect(quietHoursEnd(berlin, utc('2030-01-16T05:59:59')).toISOString()).toBe('2030-01-16T06:00:00.000Z');
    expect(quietHoursEnd(berlin, utc('2030-01-16T11:01')).toISOString()).toBe('2030-01-16T11:15:00.000Z');
    expect(quietHoursEnd(berlin, utc('2030-01-16T11:15')).toISOString()).toBe('2030-01-16T11:15:00.000Z');
  });
});

describe('notifications: the choices', () => {
  it('preferences rule: a change keeps every earlier choice it does not name; only what differs from the calm defaults is stored', async () => {
    const m = await member();
    expect((await prefs(m, { choices: { chat_message: { email: false } } })).status).toBe(200);
    expect((await prefs(m, { choices: { friend_request: { push: false } } })).status).toBe(200);
    const res = await shown(m);
    expect(res.json).toEqual({
      choices: {
        ...DEFAULT_CHOICES,
        chat_message: { in_app: true, email: false, push: true },
        friend_request: { in_app: true, email: true, push: false },
      },
      quiet_hours: { start: 22, end: 7 },
      time_zone: 'Europe/Berlin',
      news_email: 'off',
      push_public_key: t.config.vapid.publicKey,
    });
    expect(await storedSettings(m)).toEqual([
      {
        choices: { chat_message: { email: false }, friend_request: { push: false } },
        quiet_hours: { start: 22, end: 7 },
        time_zone: 'Europe/Berlin',
        news_confirmed_at: null,
      },
    ]);
  });

  it('always-on rule: security, deletion and export notices sent back as they are change nothing and are not stored as choices', async () => {
    const m = await member();
    const fixed = { in_app: false, email: true, push: false };
    const res = await prefs(m, {
      choices: { security: fixed, deletion: fixed, export: fixed, chat_message: { push: false } },
    });
    expect(res.status).toBe(200);
    expect(await storedSettings(m)).toEqual([
      {
        choices: { chat_message: { push: false } },
        quiet_hours: { start: 22, end: 7 },
        time_zone: 'Europe/Berlin',
        news_confirmed_at: null,
      },
    ]);
  });

  it('preferences rule: what GET /api/user/notifications answered, sent back by PUT exactly as it came, is accepted and changes nothing: for a member, a moderator and a super admin (all see the moderation and report kinds), with calm defaults and with choices of their own', async () => {
    const plain = await member();
    const moderator = await member();
    await grantRole(t, moderator.id, 'moderator');
    const admin = await member();
    await makeSuperAdmin(t, admin.id);
    const chosen = await member();
    await prefs(chosen, {
      choices: { chat_message: { email: false }, group_post: { push: true } },
      quiet_hours: { start: 21, end: 8 },
      time_zone: 'Europe/Vienna',
    });
    for (const [who, m] of [
      ['member', plain],
      ['moderator', moderator],
      ['super admin', admin],
      ['member with own choices', chosen],
    ] as const) {
      const before = await shown(m);
      expect(Object.keys(before.json.choices as object).sort(), who).toEqual([...NOTIFICATION_KINDS].sort());
      const stored = await storedSettings(m);
      const echo = await prefs(m, before.json);
      expect([who, echo.status, echo.json]).toEqual([who, 200, before.json]);
      expect((await shown(m)).json, who).toEqual(before.json);
      expect(await storedSettings(m), who).toEqual(stored);
    }
  });

  it('fixed-channels rule: a moderation notice, a report’s receipt and its outcome may be sent back as they are, but not changed (422 on that channel, in German and English)', async () => {
    const m = await member();
    for (const kind of ['moderation', 'report_received', 'report_decided'] as const) {
      expect((FIXED_KINDS as readonly string[]).includes(kind)).toBe(true);
      expect((await prefs(m, { choices: { [kind]: DEFAULT_CHOICES[kind] } })).status, kind).toBe(200);
      for (const channel of ['in_app', 'email', 'push'] as const) {
        for (const locale of ['de', 'en'] as const) {
          const res = await call(t, 'PUT', '/api/user/notifications', {
            token: m.token,
            locale,
            body: { choices: { [kind]: { [channel]: !DEFAULT_CHOICES[kind][channel] } } },
          });
          expect([res.status, res.json.errors], `${kind}.${channel}`).toEqual([
            422,
            {
              [`choices.${kind}.${channel}`]: [
                locale === 'de'
                  ? 'Entscheidungen der Moderation und Rückmeldungen zu deinen Meldungen kommen immer in der App und per E-Mail und lassen sich nicht abschalten.'
                  : 'Moderation decisions and news of your reports always come in the app and by e-mail and cannot be switched off.',
              ],
            },
          ]);
        }
      }
    }
    expect((await shown(m)).json.choices).toEqual(DEFAULT_CHOICES);
    expect(await storedSettings(m)).toEqual([]);
  });

  it('unsubscribe rule: one click never switches off a fixed kind (a report’s receipt, a security notice) and stores nothing for it; with a choosable kind in the same link, only that one is switched off', async () => {
    const m = await member();
    const click = (kinds: Parameters<typeof unsubscribeUrl>[2]) => {
      const url = new URL(unsubscribeUrl(t.config, m.id, kinds));
      return t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    };
    expect((await click(['report_received', 'security'])).statusCode).toBe(200);
    expect(await storedSettings(m)).toEqual([]);
    expect((await shown(m)).json.choices).toEqual(DEFAULT_CHOICES);

    expect((await click(['chat_message', 'report_decided'])).statusCode).toBe(200);
    expect((await shown(m)).json.choices).toEqual({
      ...DEFAULT_CHOICES,
      chat_message: { in_app: true, email: false, push: true },
    });
  });
});

describe('notifications: product news by mail (double opt-in, UWG § 7)', () => {
  it('product news rule: switching news mail on sends one confirmation mail and shows "pending" (off until confirmed); asking again or changing anything else sends none; the link switches it on, shown as on', async () => {
    const m = await member();
    const news = async () => {
      const res = await shown(m);
      return [res.json.news_email, (res.json.choices as Record<string, unknown>).news];
    };
    const off = { in_app: false, email: false, push: false };
    expect(await news()).toEqual(['off', off]);
    // Something else changes: no confirmation mail.
    expect((await prefs(m, { quiet_hours: { start: 23, end: 6 } })).status).toBe(200);
    expect(await newsLinks(m)).toEqual([]);

    const asked = await prefs(m, { choices: { news: { email: true } } });
    expect([asked.json.news_email, (asked.json.choices as Record<string, unknown>).news]).toEqual([
      'pending',
      off,
    ]);
    expect((await prefs(m, { choices: { news: { email: true } } })).status).toBe(200);
    expect((await prefs(m, { time_zone: 'Europe/Vienna' })).status).toBe(200);
    const links = await newsLinks(m);
    expect(links).toHaveLength(1);
    expect(await news()).toEqual(['pending', off]);

    const confirmed = await call(t, 'POST', links[0]!);
    expect([confirmed.status, confirmed.json]).toEqual([
      200,
      { message: 'Danke! Du bekommst Neuigkeiten jetzt per E-Mail.' },
    ]);
    expect(await news()).toEqual(['confirmed', { in_app: false, email: true, push: false }]);
    // Once confirmed, neither another change nor asking again sends a new confirmation mail.
    expect((await prefs(m, { quiet_hours: { start: 22, end: 7 } })).status).toBe(200);
    expect((await prefs(m, { choices: { news: { email: true } } })).status).toBe(200);
    expect(await newsLinks(m)).toHaveLength(1);
    expect(await news()).toEqual(['confirmed', { in_app: false, email: true, push: false }]);
  });

  it('product news rule: switching news mail off forgets the confirmation: the old link then changes nothing (409), and switching it on again asks again', async () => {
    const m = await member();
    await prefs(m, { choices: { news: { email: true } } });
    const [link] = await newsLinks(m);
    expect((await call(t, 'POST', link!)).status).toBe(200);

    await prefs(m, { choices: { news: { email: false } } });
    expect((await shown(m)).json.news_email).toBe('off');
    const again = await call(t, 'POST', link!);
    expect([again.status, again.json.code]).toEqual([409, 'conflict']);
    expect((await shown(m)).json.news_email).toBe('off');

    await prefs(m, { choices: { news: { email: true } } });
    expect(await newsLinks(m)).toHaveLength(2);
    expect((await shown(m)).json.news_email).toBe('pending');
  });

  it('product news rule: a valid confirmation link of a member who never asked for news changes nothing (409, not an error) and stores nothing', async () => {
    const m = await member();
    const url = new URL(newsConfirmUrl(t.config, m.id));
    const res = await call(t, 'POST', `${url.pathname}${url.search}`);
    expect([res.status, res.json.code]).toEqual([409, 'conflict']);
    expect((await shown(m)).json.news_email).toBe('off');
    expect(await storedSettings(m)).toEqual([]);
  });
});

describe('notifications: the pages a link from a mail opens', () => {
  const html = { accept: 'text/html,application/xhtml+xml' };
  const form = { 'content-type': 'application/x-www-form-urlencoded', ...html };
  const pageOf = (body: string) => ({
    lang: /<html lang="(\w+)"/.exec(body)?.[1],
    title: /<h1>([^<]*)<\/h1>/.exec(body)?.[1],
    links: [...body.matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]),
  });

  it("unsubscribing ends on a page, not on raw JSON, in the account's language (whatever the browser's), with the way back to the notification settings and the app", async () => {
    const m = await registerMember(t, { nickname: `Ida${++seq}`, locale: 'en' });
    await verifyMember(t, m);
    const url = new URL(unsubscribeUrl(t.config, m.id, ['chat_message']));
    const asked = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...html, 'accept-language': 'de' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/html/);
    expect(pageOf(asked.body)).toMatchObject({ lang: 'en', title: 'Unsubscribe from e-mails' });
    expect(asked.body).toContain('<button type="submit">Unsubscribe from these e-mails</button>');

    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { ...form, 'accept-language': 'de' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(() => JSON.parse(done.body)).toThrow();
    expect(pageOf(done.body)).toEqual({
      lang: 'en',
      title: 'Unsubscribe from e-mails',
      links: [
        ['http://localhost:3000/notifications', 'To your notifications'],
        ['http://localhost:3000/', 'To Trostnetz'],
      ],
    });
    expect(done.body).toContain('you will no longer receive these e-mails');
    expect(((await shown(m)).json.choices as Record<string, { email: boolean }>).chat_message!.email).toBe(
      false,
    );
    // The page's look comes from a file of the app's own origin (the CSP allows no inline style).
    const css = await t.app.inject({ method: 'GET', url: '/api/notifications/page.css' });
    expect([css.statusCode, css.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    // A mail client's one-click POST (no HTML asked for) still gets the short JSON answer, in English.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json().message).toMatch(/^You will no longer receive these e-mails/);
  });

  it('a German account gets the German page; a forged or cut-off link ends on a page that says so, with the same way back, in the browser’s language', async () => {
    const m = await member();
    const url = new URL(unsubscribeUrl(t.config, m.id, ['friend_request']));
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { ...form, 'accept-language': 'en' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(pageOf(done.body)).toMatchObject({
      lang: 'de',
      title: 'E-Mails abbestellen',
      links: [
        ['http://localhost:3000/notifications', 'Zu deinen Benachrichtigungen'],
        ['http://localhost:3000/', 'Zu Trostnetz'],
      ],
    });
    for (const broken of [
      `${url.pathname}${url.search.replace('&s=', '&s=x')}`,
      `${url.pathname}?u=${m.id}&k=friend_request`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: broken,
        headers: { ...html, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(404);
      expect(pageOf(res.body)).toMatchObject({ lang: 'en', title: 'This link does not work' });
      expect(pageOf(res.body).links).toHaveLength(2);
    }
  });

  it("the news confirmation ends on a page in the account's language too", async () => {
    const m = await registerMember(t, { nickname: `Ida${++seq}`, locale: 'en' });
    await verifyMember(t, m);
    await prefs(m, { choices: { news: { email: true } } });
    const url = new URL(newsConfirmUrl(t.config, m.id));
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { ...form, 'accept-language': 'de' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(pageOf(done.body)).toMatchObject({ lang: 'en', title: 'News by e-mail' });
    expect(done.body).toContain('Thank you! You now receive news by e-mail.');
    expect((await shown(m)).json.news_email).toBe('confirmed');
  });
});
