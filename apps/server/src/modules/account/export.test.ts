import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { grantRole, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { EXPORT_PAGE_SIZE } from '../chat/chat.member-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (m: MemberTokens, url: string, body: unknown = {}) =>
  call(t, 'POST', url, { token: m.token, body });

/** Every file of a ZIP, by name, as bytes. */
function unzipRaw(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Every file of a ZIP, by name, as text. */
const unzip = async (buffer: Buffer) =>
  new Map([...(await unzipRaw(buffer))].map(([name, bytes]) => [name, bytes.toString('utf8')]));

/** The download as the web app asks for it, in the language the member uses the app in. */
const download = (m: MemberTokens, locale: 'de' | 'en' = 'de') =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/export',
    headers: { authorization: `Bearer ${m.token}`, 'accept-language': locale },
  });

/** A member with something in every module, and the others around them. */
async function memberWithEverything(locale: 'de' | 'en' = 'de') {
  const a = await onboardMember(t, {}, { locale });
  const [b, c, d, e] = [
    await onboardMember(t),
    await onboardMember(t),
    await onboardMember(t),
    await onboardMember(t),
  ];
  await post(a, `/api/user/friend/request/send/${b.id}`, { message: 'Magst du schreiben?' });
  await post(b, `/api/user/friend/request/accept/${a.id}`);
  await post(a, `/api/chat/${b.id}/send`, { message: 'Hallo B, <script>alert(1)</script> & danke' });
  await post(b, `/api/chat/${a.id}/send`, { message: 'Hallo A, schön von dir zu lesen' });
  await post(a, `/api/user/watchlist/${c.id}`);
  await post(a, '/api/block', { userId: d.id });
  await post(a, '/api/reports', { type: 'profile', id: c.id, reason: 'spam', details: 'A meldet C' });
  await post(e, '/api/reports', { type: 'profile', id: a.id, reason: 'harassment', details: 'E meldet A' });
  return { a, b, c, d, e };
}

describe('issue 11: GET /api/user/export streams a ZIP of everything the registry knows about the member', () => {
  it('guests get 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });

  it('data.json has every module of the registry: account, answers, partners, messages both ways, watchlist, hidden list, reports, sessions, consents', async () => {
    const { a, b, c, d } = await memberWithEverything();
    const res = await download(a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="trostnetz-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(['data.json', 'index.html']);
    const data = JSON.parse(files.get('data.json')!);
    expect(Object.keys(data)).toEqual([
      'exported_at',
      'questionnaire',
      'profile',
      'chat',
      'chat_mutes',
      'groups',
      'notifications',
      'partners',
      'watchlist',
      'hidden_list',
      'reports',
      'moderation',
      'settings',
      'customerService',
      'attribution',
      'content',
      'payments',
      'jobs',
      'account',
    ]);
    expect(data.account.user.email).toBe(a.email);
    expect(data.account.terms_accepted_at).toEqual(expect.any(String));
    // Issue 16: when the questionnaire was first finished (the console counts it per day).
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, a.id));
    expect(data.account.onboarded_at).toBe(row!.onboardedAt!.toISOString());
    expect(data.account.sessions.length).toBeGreaterThan(0);
    expect(data.questionnaire.answers.length).toBeGreaterThan(0);
    expect(data.chat.map((m: { message: string; from_me: boolean }) => [m.from_me, m.message])).toEqual([
      [true, 'Hallo B, <script>alert(1)</script> & danke'],
      [false, 'Hallo A, schön von dir zu lesen'],
    ]);
    expect(data.chat[0].with).toEqual({ id: b.id, nickname: expect.any(String) });
    expect(data.partners.partners.map((p: { id: number }) => p.id)).toContain(b.id);
    expect(data.watchlist.map((w: { id: number }) => w.id)).toEqual([c.id]);
    expect(data.hidden_list.map((h: { userId: number }) => h.userId)).toEqual([d.id]);
    expect(data.reports.map((r: { details: string }) => r.details)).toEqual(['A meldet C']);
  });

  it('nothing about others beyond what the member sees: no partner address, no report about the member', async () => {
    const { a, b, c, e } = await memberWithEverything();
    const files = await unzip((await download(a)).rawPayload);
    for (const [name, text] of files) {
      for (const other of [b, c, e]) expect(text, name).not.toContain(other.email);
      expect(text, name).not.toContain('E meldet A');
      // No secrets: neither password hashes nor session tokens.
      expect(text, name).not.toContain('$argon2');
      expect(text, name).not.toContain('token_hash');
      expect(text, name).not.toContain(a.token);
    }
  });

  it('index.html is in the member’s language and escapes what members wrote', async () => {
    const de = await memberWithEverything('de');
    const html = (await unzip((await download(de.a)).rawPayload)).get('index.html')!;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Deine Daten bei Trostnetz</h1>');
    expect(html).toContain('<h2>Deine Nachrichten</h2>');
    expect(html).toContain('<dt>Spitzname</dt>');
    expect(html).toContain('<th scope="col">Frage</th>');
    expect(html).toContain('Hallo B, &lt;script&gt;alert(1)&lt;/script&gt; &amp; danke');
    expect(html).not.toContain('<script>');
    // Its own style block is allowed by its hash, nothing inline besides (L9: no 'unsafe-inline').
    const block = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(block).digest('base64');
    expect(html).toContain(`style-src 'sha256-${hash}';`);
    expect(html).not.toContain('unsafe-inline');
    expect(html).toContain('A meldet C');

    const en = await memberWithEverything('en');
    const english = (await unzip((await download(en.a, 'en')).rawPayload)).get('index.html')!;
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Your data at Trostnetz</h1>');
    expect(english).toContain('<h2>Your messages</h2>');
    expect(english).toContain('<dt>Nickname</dt>');
  });

  it('a mail tells the member an export was made, without any of the data', async () => {
    const { a } = await memberWithEverything();
    await download(a);
    const mail = (await outbox(t)).filter((m) => m.to.includes(a.email)).at(-1)!;
    expect(mail.text).toContain('wurde eine Kopie deiner Daten bei Trostnetz heruntergeladen');
    expect(mail.text).not.toContain('Hallo B');
    expect(mail.links).toContain('http://localhost:3000/settings');
  });

  it('messages are read in pages: more than two pages come out complete and in order', async () => {
    const { a, b } = await memberWithEverything();
    const total = 2 * EXPORT_PAGE_SIZE + 7;
    await t.app.ctx.db.execute(sql`insert into messages (chat_id, sender_id, recipient_id, body)
      select p.id, ${a.id}, ${b.id}, 'Nachricht ' || n from generate_series(1, ${total}) n,
      (select id from partnerships where user_low = ${Math.min(a.id, b.id)}
        and user_high = ${Math.max(a.id, b.id)}) p`);
    const data = JSON.parse((await unzip((await download(a)).rawPayload)).get('data.json')!);
    expect(data.chat.length).toBe(total + 2);
    const ids = data.chat.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    expect(data.chat.at(-1).message).toBe(`Nachricht ${total}`);
  });

  it('three exports a day; the fourth is 429', async () => {
    const a = await onboardMember(t);
    for (let i = 0; i < 3; i++) expect((await download(a)).statusCode).toBe(200);
    const fourth = await download(a);
    expect(fourth.statusCode).toBe(429);
    expect(JSON.parse(fourth.body).code).toBe('rate_limited');
  });

  it('the avatar comes with the export: avatar.webp in the ZIP, shown on index.html, in data.json', async () => {
    const a = await onboardMember(t);
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#7a9cc6' } })
      .jpeg()
      .toBuffer();
    const boundary = 'export-avatar-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${a.token}`,
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const files = await unzipRaw((await download(a)).rawPayload);
    expect([...files.keys()].sort()).toEqual(['avatar.webp', 'data.json', 'index.html']);
    const avatar = files.get('avatar.webp') as Buffer;
    expect(await sharp(avatar).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const data = JSON.parse((files.get('data.json') as Buffer).toString('utf8'));
    expect(Buffer.from(data.profile.avatar.large_base64, 'base64').equals(avatar)).toBe(true);
    const html = (files.get('index.html') as Buffer).toString('utf8');
    expect(html).toContain(`<img src="data:image/webp;base64,${avatar.toString('base64')}"`);
    expect(html).not.toContain(data.profile.avatar.small_base64);
  });

  it('issue 16: a chat message removed by moderation is in its sender’s export with the words, in its recipient’s without', async () => {
    const { a, b } = await memberWithEverything();
    const mod = await onboardMember(t);
    await grantRole(t, mod.id, 'moderator');
    const staff = (await staffSignIn(t, mod)).token;
    const words = 'Das verzeihe ich dir nie, du bist an allem schuld.';
    const sent = await post(a, `/api/chat/${b.id}/send`, { message: words });
    const report = await post(b, `/api/chat/messages/${sent.json.id}/report`, { reason: 'harassment' });
    const decided = await call(t, 'POST', `/api/admin/reports/${report.json.id}/decision`, {
      token: staff,
      body: { decision: 'content_removed', rule: 'harassment', statement: 'Schuldzuweisung.' },
    });
    expect(decided.status).toBe(200);
    const chatOf = async (m: MemberTokens) =>
      (
        JSON.parse((await unzip((await download(m)).rawPayload)).get('data.json')!).chat as Array<{
          id: number;
          message: string;
        }>
      ).find((x) => x.id === sent.json.id)!.message;
    expect(await chatOf(a)).toBe(words);
    expect(await chatOf(b)).toBe('');
  });

  it('without an avatar the ZIP holds data.json and index.html only', async () => {
    const a = await onboardMember(t);
    const files = await unzipRaw((await download(a)).rawPayload);
    expect([...files.keys()].sort()).toEqual(['data.json', 'index.html']);
  });
});
