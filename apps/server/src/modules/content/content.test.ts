import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardMember } from '../../test/factories.ts';
import { grantRole, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, durableDatabase, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      OPERATOR_NAME: 'Trost & Rat gGmbH',
      OPERATOR_ADDRESS: 'Lindenweg 3\\n12345 Musterstadt',
      OPERATOR_REGISTER: 'Amtsgericht Musterstadt HRB 1234',
    },
  );
});
afterAll(() => t.close());

const edit = (token: string | undefined, slug: string, body: unknown) =>
  call(t, 'PUT', `/api/admin/content/${slug}`, { token, body });

describe('issue 15 content pages per language', () => {
  it('every page is seeded in German and English from the texts the web app shipped', async () => {
    for (const slug of ['imprint', 'privacy', 'revocation', 'conditions', 'accessibility']) {
      for (const locale of ['de', 'en'] as const) {
        const res = await call(t, 'GET', `/api/content/${slug}?locale=${locale}`);
        expect(res.status, `${slug} ${locale}`).toBe(200);
        expect(res.json.locale).toBe(locale);
        expect(res.json.version).toBe(1);
        expect(String(res.json.html)).toContain('<h2 id=');
      }
    }
    const privacy = await call(t, 'GET', '/api/content/privacy?locale=de');
    expect(privacy.json.title).toBe('Datenschutz');
    expect(privacy.json.html).toContain(
      '<h2 id="welche-daten-wir-verarbeiten">Welche Daten wir verarbeiten</h2>',
    );
    expect((await call(t, 'GET', '/api/content/privacy?locale=en')).json.title).toBe('Privacy');
  });

  it('an unknown or missing language falls back to German; a language without its own text too', async () => {
    expect((await call(t, 'GET', '/api/content/conditions?locale=fr')).json.locale).toBe('de');
    expect((await call(t, 'GET', '/api/content/conditions')).json.locale).toBe('de');
    await t.app.ctx.db.execute(`delete from content_pages where slug = 'revocation' and locale = 'en'`);
    const res = await call(t, 'GET', '/api/content/revocation?locale=en');
    expect(res.status).toBe(200);
    expect(res.json.locale).toBe('de');
    expect(res.json.title).toBe('Widerrufsbelehrung');
  });

  it('an unknown slug is 404', async () => {
    expect((await call(t, 'GET', '/api/content/agb')).status).toBe(404);
    expect((await call(t, 'GET', '/api/content/')).status).toBe(422); // no slug at all
  });

  it('the imprint shows the operator from configuration, as text (never as Markdown or HTML)', async () => {
    const html = String((await call(t, 'GET', '/api/content/imprint?locale=de')).json.html);
    expect(html).toContain('<strong>Trost &amp; Rat gGmbH</strong><br>\nLindenweg 3<br>\n12345 Musterstadt');
    expect(html).toContain('Registereintrag: Amtsgericht Musterstadt HRB 1234');
    expect(html).not.toContain('{{operator');
    const en = String((await call(t, 'GET', '/api/content/imprint?locale=en')).json.html);
    expect(en).toContain('Register entry: Amtsgericht Musterstadt HRB 1234');
    expect(en).not.toContain('Phone:'); // empty settings are left out
    const other = await createTestApp({}, { OPERATOR_NAME: '<script>x</script> [a](javascript:1)' });
    const escaped = String((await call(other, 'GET', '/api/content/imprint')).json.html);
    await other.close();
    expect(escaped).toContain('&lt;script&gt;x&lt;/script&gt; [a](javascript:1)');
    expect(escaped).not.toContain('<script>');
    expect(escaped).not.toContain('href="javascript');
  });

  it('ETag: the same text answers 304 to If-None-Match, a new version a new tag', async () => {
    const first = await call(t, 'GET', '/api/content/conditions?locale=de');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await call(t, 'GET', '/api/content/conditions?locale=de', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(
      (await call(t, 'GET', '/api/content/conditions?locale=de', { headers: { 'if-none-match': '"other"' } }))
        .status,
    ).toBe(200);
    const admin = await onboardMember(t);
    await grantRole(t, admin.id, 'admin');
    admin.token = (await staffSignIn(t, admin)).token;
    await edit(admin.token, 'conditions', {
      locale: 'de',
      title: 'Nutzungsbedingungen',
      body: '## Neu\n\nGeändert.',
    });
    const changed = await call(t, 'GET', '/api/content/conditions?locale=de', {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('issue 15 editing: PUT /api/admin/content/{slug} behind content.edit, with history and "Stand"', () => {
  it('refused without the permission: guest 401, member 403, support 403; nothing changes', async () => {
    const member = await onboardMember(t);
    const support = await onboardMember(t);
    await grantRole(t, support.id, 'support');
    support.token = (await staffSignIn(t, support)).token;
    const body = { locale: 'de', title: 'Impressum', body: 'Gekapert' };
    expect((await edit(undefined, 'imprint', body)).status).toBe(401);
    const refused = await edit(member.token, 'imprint', body);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('forbidden');
    expect((await edit(support.token, 'imprint', body)).status).toBe(403);
    expect((await call(t, 'GET', '/api/content/imprint')).json.version).toBe(1);
  });

  it('a moderator or admin publishes a new version; the old one stays in the history; "Stand" is its date', async () => {
    const mod = await onboardMember(t);
    await grantRole(t, mod.id, 'moderator');
    mod.token = (await staffSignIn(t, mod)).token;
    const before = await call(t, 'GET', '/api/content/privacy?locale=en');
    const res = await edit(mod.token, 'privacy', {
      locale: 'en',
      title: 'Privacy notice',
      intro: 'Short.',
      body: '## Who\n\n{{operator.name}} <b>bold</b>',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ slug: 'privacy', locale: 'en', title: 'Privacy notice', version: 2 });
    expect(res.json.html).toBe(
      '<h2 id="who">Who</h2>\n<p>Trost &amp; Rat gGmbH &lt;b&gt;bold&lt;/b&gt;</p>\n',
    );
    const now = await call(t, 'GET', '/api/content/privacy?locale=en');
    expect(now.json.version).toBe(2);
    expect(Date.parse(String(now.json.updated_at))).toBeGreaterThan(
      Date.parse(String(before.json.updated_at)),
    );
    expect((await call(t, 'GET', '/api/content/privacy?locale=de')).json.version).toBe(1);
    const history = await call(t, 'GET', '/api/admin/content/privacy/history?locale=en', {
      token: mod.token,
    });
    expect(history.status).toBe(200);
    const versions = history.json as unknown as Array<{
      version: number;
      title: string;
      created_by: number | null;
    }>;
    expect(versions.map((v) => [v.version, v.title, v.created_by])).toEqual([
      [2, 'Privacy notice', mod.id],
      [1, 'Privacy', null],
    ]);
    const member = await onboardMember(t);
    expect((await call(t, 'GET', '/api/admin/content/privacy/history', { token: member.token })).status).toBe(
      403,
    );
  });

  it('bad input is 422 with field messages and changes nothing', async () => {
    const admin = await onboardMember(t);
    await grantRole(t, admin.id, 'admin');
    admin.token = (await staffSignIn(t, admin)).token;
    const cases: Array<[unknown, string]> = [
      [{ locale: 'de', title: '', body: 'x' }, 'title'],
      [{ locale: 'de', title: 'T', body: 'a\u0000b' }, 'body'],
      [{ locale: 'fr', title: 'T', body: 'x' }, 'locale'],
      [{ locale: 'de', title: 'T', body: 'x'.repeat(50_001) }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await edit(admin.token, 'revocation', body);
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.json.errors as object)).toContain(field);
    }
    expect((await edit(admin.token, 'nope', { locale: 'de', title: 'T', body: 'x' })).status).toBe(404);
    expect((await edit(admin.token, 'N%00pe', { locale: 'de', title: 'T', body: 'x' })).status).toBe(422);
    expect((await call(t, 'GET', '/api/content/revocation?locale=de')).json.version).toBe(1);
  });
});

describe('issue 15 FAQ', () => {
  it('topics, questions and answers in order per language, every answer with an anchor shared by both languages', async () => {
    const de = await call(t, 'GET', '/api/faq?locale=de');
    const en = await call(t, 'GET', '/api/faq?locale=en');
    expect(de.status).toBe(200);
    type Faq = {
      locale: string;
      topics: Array<{
        title: string;
        items: Array<{ anchor: string; question: string; html: string; text: string }>;
      }>;
    };
    const d = de.json as unknown as Faq;
    const e = en.json as unknown as Faq;
    expect(d.topics.map((x) => x.title)).toEqual([
      'Über Trostnetz',
      'Konto und Sicherheit',
      'Trostpartner und Chat',
      'Premium',
    ]);
    expect(e.locale).toBe('en');
    const anchors = (f: Faq) => f.topics.flatMap((x) => x.items.map((i) => i.anchor));
    expect(anchors(e)).toEqual(anchors(d));
    expect(new Set(anchors(d)).size).toBe(anchors(d).length);
    const cancel = d.topics[3]!.items[0]!;
    expect(cancel).toMatchObject({ anchor: 'kuendigen', question: 'Wie kündige ich Premium?' });
    expect(cancel.html).toBe(
      '<p>Jederzeit zum Ende der Laufzeit in deinen Einstellungen oder über den Kundenservice.</p>\n',
    );
    expect(cancel.text).toBe(
      'Jederzeit zum Ende der Laufzeit in deinen Einstellungen oder über den Kundenservice.',
    );
  });

  it('falls back to German and carries an ETag', async () => {
    const res = await call(t, 'GET', '/api/faq?locale=xx');
    expect(res.json.locale).toBe('de');
    const etag = res.headers.etag as string;
    expect((await call(t, 'GET', '/api/faq?locale=de', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    expect((await call(t, 'GET', '/api/faq?locale=en', { headers: { 'if-none-match': etag } })).status).toBe(
      200,
    );
  });

  it('seeding at the next start keeps what the operator changed', async () => {
    let d = await createTestApp(durableDatabase);
    const admin = await onboardMember(d);
    await grantRole(d, admin.id, 'admin');
    admin.token = (await staffSignIn(d, admin)).token;
    const res = await call(d, 'PUT', '/api/admin/content/accessibility', {
      token: admin.token,
      body: { locale: 'de', title: 'Barrierefreiheit', body: 'Neu.' },
    });
    expect(res.status).toBe(201);
    d = await d.restart();
    const page = await call(d, 'GET', '/api/content/accessibility?locale=de');
    await d.close();
    expect(page.json).toMatchObject({ title: 'Barrierefreiheit', version: 2 });
  });
});
