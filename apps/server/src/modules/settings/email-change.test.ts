import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChanges } from '../../db/schema/email-changes.ts';
import { registerMember, strongPassword, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const fresh = () => `neu${++seq}-${Date.now()}@example.org`;

async function member(locale: 'de' | 'en' = 'de') {
  const m = await registerMember(t, { locale });
  await verifyMember(t, m);
  return m;
}

const changeEmail = (token: string, body: unknown) =>
  call(t, 'POST', '/api/settings/change-email', { token, body });

/** The link of the given path in the newest mail to `to`. */
async function linkTo(to: string, path: string) {
  const mails = (await outbox(t)).filter((x) => x.to.includes(to));
  const link = mails.flatMap((x) => x.links).findLast((l) => l.includes(path));
  return link ? link.split('/').pop()! : undefined;
}

const login = (email: string) =>
  call(t, 'POST', '/api/auth/tokens', { body: { username: email, password: strongPassword } });

describe('change e-mail: the new address counts only once its link is confirmed', () => {
  it('confirm link to the new address, undo link to the old one; the address changes on confirmation', async () => {
    const m = await member();
    const next = fresh();
    const res = await changeEmail(m.token, { email: next.toUpperCase(), password: strongPassword });
    expect(res.status).toBe(202);
    expect(res.json.message).toBe(
      'Wir haben einen Bestätigungslink an die neue Adresse geschickt. Erst wenn du ihn öffnest, gilt die neue Adresse.',
    );
    const me = await call(t, 'GET', '/api/settings/me', { token: m.token });
    expect(me.json.pending_email).toBe(next);
    expect((me.json.user as { email: string }).email).toBe(m.email);
    expect((await login(next)).status).toBe(401);

    const mails = (await outbox(t)).filter((x) => x.to.includes(m.email) || x.to.includes(next));
    const toOld = mails.find((x) => x.subject === 'Trostnetz: Deine E-Mail Adresse soll geändert werden');
    expect(toOld?.to).toContain(m.email);
    expect(toOld?.text).toContain(next);
    expect(toOld?.links.some((l) => l.includes('/settings/email/confirm/'))).toBe(false);
    const toNew = mails.find((x) => x.subject === 'Trostnetz: Bitte bestätige deine neue E-Mail Adresse');
    expect(toNew?.to).toContain(next);
    expect(toNew?.links.some((l) => l.includes('/settings/email/undo/'))).toBe(false);

    const token = await linkTo(next, '/settings/email/confirm/');
    const confirmed = await call(t, 'POST', '/api/settings/email/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.message).toBe('Deine neue E-Mail Adresse ist bestätigt.');
    const after = await call(t, 'GET', '/api/settings/me', { token: m.token });
    expect((after.json.user as { email: string }).email).toBe(next);
    expect(after.json.pending_email).toBeNull();
    expect((await login(next)).status).toBe(200);
    expect((await login(m.email)).status).toBe(401);
    // A link works once.
    expect((await call(t, 'POST', '/api/settings/email/confirm', { body: { token } })).status).toBe(403);
  });

  it('a taken address is answered exactly like a free one; its owner is told, no link exists', async () => {
    const owner = await member();
    const a = await member();
    const b = await member();
    const free = await changeEmail(a.token, { email: fresh(), password: strongPassword });
    const taken = await changeEmail(b.token, { email: owner.email, password: strongPassword });
    expect(taken.status).toBe(free.status);
    expect(taken.json).toEqual(free.json);
    const me = await call(t, 'GET', '/api/settings/me', { token: b.token });
    expect(me.json.pending_email).toBe(owner.email);

    const toOwner = (await outbox(t)).filter((x) => x.to.includes(owner.email));
    expect(toOwner.some((x) => x.links.some((l) => l.includes('/settings/email/confirm/')))).toBe(false);
    const notice = toOwner.find(
      (x) => x.subject === 'Trostnetz: Jemand wollte deine E-Mail Adresse verwenden',
    );
    expect(notice).toBeDefined();
    expect(notice!.text).not.toContain(b.email);
    // The old address is told (with its undo link) either way.
    expect(await linkTo(b.email, '/settings/email/undo/')).toBeDefined();
    const [row] = await t.app.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, b.id));
    expect(row!.confirmTokenHash).toBeNull();
    expect((await login(owner.email)).status).toBe(200);
  });

  it('a wrong password is 422 on password; nothing is stored or sent', async () => {
    const m = await member('en');
    const next = fresh();
    const res = await call(t, 'POST', '/api/settings/change-email', {
      token: m.token,
      body: { email: next, password: 'not my password' },
      locale: 'en',
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ password: ['The password is not correct.'] });
    expect((await outbox(t)).some((x) => x.to.includes(next))).toBe(false);
    const rows = await t.app.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, m.id));
    expect(rows).toEqual([]);
  });

  it('the own address, a malformed one or missing fields are 422', async () => {
    const m = await member();
    const same = await changeEmail(m.token, { email: m.email.toUpperCase(), password: strongPassword });
    expect(same.status).toBe(422);
    expect(same.json.errors).toEqual({ email: ['Das ist schon deine E-Mail Adresse.'] });
    const bad = await changeEmail(m.token, { email: 'kein-at-zeichen', password: strongPassword });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ email: ['Bitte gib eine gültige E-Mail Adresse an.'] });
    for (const body of [undefined, {}, { email: 3, password: null }]) {
      const res = await changeEmail(m.token, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(
      (await call(t, 'POST', '/api/settings/change-email', { body: { email: fresh(), password: 'x' } }))
        .status,
    ).toBe(401);
  });

  it('a newer request replaces an unconfirmed one: the older confirmation link is void', async () => {
    const m = await member();
    const first = fresh();
    const second = fresh();
    await changeEmail(m.token, { email: first, password: strongPassword });
    const firstToken = await linkTo(first, '/settings/email/confirm/');
    await changeEmail(m.token, { email: second, password: strongPassword });
    expect(
      (await call(t, 'POST', '/api/settings/email/confirm', { body: { token: firstToken } })).status,
    ).toBe(403);
    const me = await call(t, 'GET', '/api/settings/me', { token: m.token });
    expect(me.json.pending_email).toBe(second);
  });

  it('a confirmation link past 24 hours is 410 link_expired, the address stays', async () => {
    const m = await member();
    const next = fresh();
    await changeEmail(m.token, { email: next, password: strongPassword });
    const token = await linkTo(next, '/settings/email/confirm/');
    await t.app.ctx.db
      .update(emailChanges)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, m.id));
    const res = await call(t, 'POST', '/api/settings/email/confirm', { body: { token } });
    expect(res.status).toBe(410);
    expect(res.json.code).toBe('link_expired');
    expect((await login(m.email)).status).toBe(200);
  });
});

describe('the old address can undo the change for 7 days', () => {
  it('undo after confirmation: the old address is back and every session ends', async () => {
    const m = await member();
    const next = fresh();
    await changeEmail(m.token, { email: next, password: strongPassword });
    await call(t, 'POST', '/api/settings/email/confirm', {
      body: { token: await linkTo(next, '/settings/email/confirm/') },
    });
    const undoToken = await linkTo(m.email, '/settings/email/undo/');
    const res = await call(t, 'POST', '/api/settings/email/undo', {
      body: { token: undoToken },
      locale: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(
      'The change of your e-mail address has been undone. To be safe, you were signed out everywhere.',
    );
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).status).toBe(401);
    expect((await login(m.email)).status).toBe(200);
    expect((await login(next)).status).toBe(401);
    // Opening it again changes nothing and ends nothing.
    const again = await login(m.email);
    expect((await call(t, 'POST', '/api/settings/email/undo', { body: { token: undoToken } })).status).toBe(
      200,
    );
    expect((await call(t, 'GET', '/api/profile/init', { token: again.json.token as string })).status).toBe(
      200,
    );
  });

  it('undo before confirmation: the request is cancelled, its confirmation link void', async () => {
    const m = await member();
    const next = fresh();
    await changeEmail(m.token, { email: next, password: strongPassword });
    const confirmToken = await linkTo(next, '/settings/email/confirm/');
    const undoToken = await linkTo(m.email, '/settings/email/undo/');
    expect((await call(t, 'POST', '/api/settings/email/undo', { body: { token: undoToken } })).status).toBe(
      200,
    );
    expect(
      (await call(t, 'POST', '/api/settings/email/confirm', { body: { token: confirmToken } })).status,
    ).toBe(403);
    expect((await login(m.email)).status).toBe(200);
  });

  it('6 days 23 hours after: still works; after 7 days: 410 link_expired with a clear message, nothing changes', async () => {
    const m = await member();
    const next = fresh();
    await changeEmail(m.token, { email: next, password: strongPassword });
    await call(t, 'POST', '/api/settings/email/confirm', {
      body: { token: await linkTo(next, '/settings/email/confirm/') },
    });
    const undoToken = await linkTo(m.email, '/settings/email/undo/');
    const [row] = await t.app.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, m.id));
    const sevenDays = 7 * 24 * 3600_000;
    expect(row!.undoExpiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(sevenDays - 1000);
    expect(row!.undoExpiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(sevenDays + 1000);
    await t.app.ctx.db
      .update(emailChanges)
      .set({ undoExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, m.id));
    const res = await call(t, 'POST', '/api/settings/email/undo', { body: { token: undoToken } });
    expect(res.status).toBe(410);
    expect(res.json).toMatchObject({
      code: 'link_expired',
      message: 'Dieser Link ist abgelaufen. Wenn du Hilfe brauchst, schreib unserem Kundenservice.',
    });
    expect((await login(next)).status).toBe(200);
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).status).toBe(200);
    await t.app.ctx.db
      .update(emailChanges)
      .set({ undoExpiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(emailChanges.userId, m.id));
    expect((await call(t, 'POST', '/api/settings/email/undo', { body: { token: undoToken } })).status).toBe(
      200,
    );
    expect((await login(m.email)).status).toBe(200);
  });

  it('a malformed token is 422, an unknown one 403 invalid_link', async () => {
    for (const path of ['/api/settings/email/undo', '/api/settings/email/confirm']) {
      expect((await call(t, 'POST', path, { body: { token: 'abc' } })).status).toBe(422);
      expect((await call(t, 'POST', path, { body: {} })).status).toBe(422);
      const unknown = await call(t, 'POST', path, { body: { token: `eu_${'A'.repeat(43)}` } });
      const unknown2 = await call(t, 'POST', path, { body: { token: `ec_${'A'.repeat(43)}` } });
      expect([unknown.status, unknown2.status]).toEqual([403, 403]);
      expect(unknown.json.code).toBe('invalid_link');
    }
  });
});

describe('the member life cycle covers address changes', () => {
  it('the export lists them (both addresses, no token); erasing the member deletes them', async () => {
    const { eraseMember, exportMember } = await import('../../lifecycle/member-data-table.ts');
    const m = await member();
    const next = fresh();
    await changeEmail(m.token, { email: next, password: strongPassword });
    const exported = (await exportMember(t.app.ctx, m.id)) as { settings: { email_changes: object[] } };
    expect(exported.settings.email_changes).toEqual([
      expect.objectContaining({
        old_email: m.email,
        new_email: next,
        confirmed_at: null,
        cancelled_at: null,
      }),
    ]);
    expect(JSON.stringify(exported.settings)).not.toMatch(/token|hash/i);
    await eraseMember(t.app.ctx, m.id);
    const rows = await t.app.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, m.id));
    expect(rows).toEqual([]);
  });
});
