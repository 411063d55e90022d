import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/moderation.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { type MemberTokens, onboardMember, registerMember, strongPassword } from '../../test/factories.ts';
import { grantRole, makeSuperAdmin, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, type Json, outbox, type TestApp } from '../../test/test-app.ts';

/** Issue 16 members: each action changes what it says and writes exactly one audit row. */

let t: TestApp;
let admin: string;
let adminId: number;
let mod: string;

const auditRows = async () => t.app.ctx.db.select().from(auditLog);
/** Runs an action and returns its answer and the audit rows it wrote. */
async function audited(run: () => Promise<{ status: number; json: Json; text: string }>) {
  const before = (await auditRows()).length;
  const res = await run();
  const rows = (await auditRows()).slice(before);
  return { res, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await onboardMember(t);
  await makeSuperAdmin(t, a.id);
  adminId = a.id;
  admin = (await staffSignIn(t, a)).token;
  const m = await onboardMember(t);
  await grantRole(t, m.id, 'moderator');
  mod = (await staffSignIn(t, m)).token;
});
afterAll(() => t.close());

const detail = async (id: number) =>
  (await call(t, 'GET', `/api/admin/members/${id}`, { token: admin })).json;

describe('issue 16 members: search and page', () => {
  it('finds members by e-mail, nickname or id; the page shows account state, sessions and notes, never messages', async () => {
    const m = await onboardMember(t, {}, { nickname: 'Lindenblatt' });
    for (const q of [m.email.slice(0, 12), 'lindenbl', String(m.id)]) {
      const res = await call(t, 'GET', `/api/admin/members?q=${encodeURIComponent(q)}`, { token: mod });
      expect(res.status).toBe(200);
      expect(
        (res.json.items as Json[]).map((i) => i.id),
        q,
      ).toContain(m.id);
    }
    const { res, rows } = await audited(() =>
      call(t, 'POST', `/api/admin/members/${m.id}/notes`, {
        token: mod,
        body: { text: 'Rief wegen Premium an.' },
      }),
    );
    expect(res.status).toBe(204);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'member.note_added', targetType: 'member', targetId: m.id });
    const page = await detail(m.id);
    expect(page).toMatchObject({
      id: m.id,
      verified: true,
      onboarded: true,
      deletion_pending: false,
      suspended_until: null,
    });
    expect((page.notes as Json[])[0]).toMatchObject({ text: 'Rief wegen Premium an.' });
    expect((page.sessions as Json[]).length).toBeGreaterThan(0);
    expect(Object.keys(page)).not.toContain('messages');
  });

  it('resending the verification mail sends it (one audit row); a verified member is 409', async () => {
    const fresh = await registerMember(t);
    const before = (await outbox(t)).filter((m) => m.to.includes(fresh.email)).length;
    const { res, rows } = await audited(() =>
      call(t, 'POST', `/api/admin/members/${fresh.id}/verification-mail`, { token: mod }),
    );
    expect(res.status).toBe(204);
    expect(rows).toHaveLength(1);
    expect((await outbox(t)).filter((m) => m.to.includes(fresh.email)).length).toBe(before + 1);
    const verified = await onboardMember(t);
    expect(
      (await call(t, 'POST', `/api/admin/members/${verified.id}/verification-mail`, { token: mod })).status,
    ).toBe(409);
  });

  it('ending all sessions ends the tokens and sockets at once (one audit row)', async () => {
    const m = await onboardMember(t);
    const disconnect = vi.spyOn(t.app.ctx.broadcaster, 'disconnectMember');
    const { res, rows } = await audited(() =>
      call(t, 'POST', `/api/admin/members/${m.id}/sessions/revoke`, { token: mod }),
    );
    expect(res.status).toBe(204);
    expect(rows).toHaveLength(1);
    expect(disconnect).toHaveBeenCalledWith(m.id);
    expect((await call(t, 'GET', '/api/notifications', { token: m.token })).status).toBe(401);
  });
});

describe('issue 16 members: suspension with a statement of reasons, asked for the password again', () => {
  let m: MemberTokens;
  const until = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const body = { reason_code: 'harassment', text: 'Beleidigungen in mehreren Chats.', until };

  it('a wrong password is 403 reauth_required and changes nothing', async () => {
    m = await onboardMember(t);
    const { res, rows } = await audited(() =>
      call(t, 'POST', `/api/admin/members/${m.id}/suspension`, {
        token: mod,
        body: { ...body, password: 'falsches Passwort 123' },
      }),
    );
    expect([res.status, res.json.code]).toEqual([403, 'reauth_required']);
    expect(rows).toHaveLength(0);
    expect((await detail(m.id)).suspended_until).toBeNull();
  });

  it('suspends: sessions end, sign-in is refused until the end date, the reasons are mailed and listed as a notice; one audit row', async () => {
    const { res, rows } = await audited(() =>
      call(t, 'POST', `/api/admin/members/${m.id}/suspension`, {
        token: mod,
        body: { ...body, password: strongPassword },
      }),
    );
    expect(res.status, res.text).toBe(204);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'member.suspended', targetId: m.id, reason: body.text });
    expect(((await detail(m.id)).suspended_until as string).slice(0, 10)).toBe(until);
    expect((await call(t, 'GET', '/api/notifications', { token: m.token })).status).toBe(401);
    const login = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email, password: strongPassword },
    });
    expect([login.status, login.json.code]).toEqual([403, 'account_suspended']);
    const mail = (await outbox(t)).find((x) => x.to.includes(m.email) && x.text.includes(body.text));
    expect(mail, 'statement of reasons mailed').toBeDefined();
    expect(((await detail(m.id)).notices as Json[])[0]).toMatchObject({
      decision: 'member_suspended',
      rule: 'harassment',
    });
  });

  it('lifting it lets the member sign in again, and tells them so by mail and in the app (one audit row)', async () => {
    const { res, rows } = await audited(() =>
      call(t, 'DELETE', `/api/admin/members/${m.id}/suspension`, {
        token: mod,
        body: { text: 'Widerspruch per Mail.' },
      }),
    );
    expect(res.status).toBe(204);
    expect(rows).toHaveLength(1);
    const login = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email, password: strongPassword },
    });
    expect(login.status).toBe(200);
    const told = (await outbox(t)).filter((x) => x.to.includes(m.email) && x.subject.includes('Sperre'));
    expect(told.map((x) => x.subject)).toEqual(['Trostnetz: Deine Sperre ist aufgehoben']);
    expect(told[0]!.text).not.toContain('Widerspruch per Mail.');
    const lifts = await t.app.ctx.db
      .select({ kind: notifications.kind, inApp: notifications.inApp })
      .from(notifications)
      .where(and(eq(notifications.userId, m.id), like(notifications.groupKey, 'lifted:%')));
    expect(lifts).toEqual([{ kind: 'moderation', inApp: 'yes' }]);
    // Nothing left to lift: 409.
    const again = await call(t, 'DELETE', `/api/admin/members/${m.id}/suspension`, {
      token: mod,
      body: { text: 'Noch einmal.' },
    });
    expect(again.status).toBe(409);
  });
});

describe('issue 16 members: roles (admin only) and deletion through the life cycle', () => {
  it('only roles.assign sets roles; the member then holds exactly them (one audit row)', async () => {
    const m = await onboardMember(t);
    const refused = await call(t, 'PUT', `/api/admin/members/${m.id}/roles`, {
      token: mod,
      body: { roles: ['moderator'], password: strongPassword },
    });
    expect(refused.status).toBe(403);
    const { res, rows } = await audited(() =>
      call(t, 'PUT', `/api/admin/members/${m.id}/roles`, {
        token: admin,
        body: { roles: ['moderator', 'support'], password: strongPassword },
      }),
    );
    expect(res.status).toBe(204);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: adminId,
      action: 'member.roles_set',
      reason: 'moderator, support',
    });
    expect((await detail(m.id)).roles).toEqual(['moderator', 'support']);
  });

  it('granting premium makes the member premium, taking it ends it (one audit row each, password asked again)', async () => {
    const m = await onboardMember(t);
    const wrong = await call(t, 'PUT', `/api/admin/members/${m.id}/premium`, {
      token: admin,
      body: { premium: true, text: 'Dank für die Hilfe im Forum.', password: 'falsches Passwort 123' },
    });
    expect(wrong.status).toBe(403);
    expect((await detail(m.id)).premium).toBe(false);
    const grant = await audited(() =>
      call(t, 'PUT', `/api/admin/members/${m.id}/premium`, {
        token: admin,
        body: { premium: true, text: 'Dank für die Hilfe im Forum.', password: strongPassword },
      }),
    );
    expect([grant.res.status, grant.rows.length, grant.rows[0]?.action]).toEqual([
      204,
      1,
      'member.premium_granted',
    ]);
    expect((await detail(m.id)).premium).toBe(true);
    expect(
      (
        await call(t, 'PUT', `/api/admin/members/${m.id}/premium`, {
          token: mod,
          body: { premium: false, text: 'x', password: strongPassword },
        })
      ).status,
    ).toBe(403);
    const take = await audited(() =>
      call(t, 'PUT', `/api/admin/members/${m.id}/premium`, {
        token: admin,
        body: { premium: false, text: 'Aktion beendet.', password: strongPassword },
      }),
    );
    expect([take.res.status, take.rows.length]).toEqual([204, 1]);
    expect((await detail(m.id)).premium).toBe(false);
  });

  it('deleting marks the account for deletion (hidden, sessions end, undo mail) with one audit row', async () => {
    const m = await onboardMember(t);
    const { res, rows } = await audited(() =>
      call(t, 'DELETE', `/api/admin/members/${m.id}`, {
        token: admin,
        body: { text: 'Auf eigenen Wunsch per Kundenservice.', password: strongPassword },
      }),
    );
    expect(res.status).toBe(204);
    expect(rows).toHaveLength(1);
    expect((await detail(m.id)).deletion_pending).toBe(true);
    expect((await call(t, 'GET', '/api/notifications', { token: m.token })).status).toBe(401);
  });
});

describe('issue 16 members: an admin resets a staff member’s second factor (a lost authenticator)', () => {
  let staff: MemberTokens;
  let staffToken: string;
  const reset = (token: string, id: number, password = strongPassword) =>
    call(t, 'DELETE', `/api/admin/members/${id}/second-factor`, {
      token,
      body: { text: 'Telefon verloren, per Videoanruf bestätigt.', password },
    });

  beforeAll(async () => {
    staff = await onboardMember(t);
    await grantRole(t, staff.id, 'support');
    staffToken = (await staffSignIn(t, staff)).token;
  });

  it('the password is asked again: a wrong one is 403 reauth_required and changes nothing', async () => {
    const { res, rows } = await audited(() => reset(admin, staff.id, 'falsches Passwort 123'));
    expect([res.status, res.json.code]).toEqual([403, 'reauth_required']);
    expect(rows).toHaveLength(0);
    expect((await detail(staff.id)).second_factor_enrolled_at).toEqual(expect.any(String));
    expect((await call(t, 'GET', '/api/admin/me', { token: staffToken })).status).toBe(200);
  });

  it('only with roles.assign (a moderator: 403), never one’s own (403), and only a second factor that exists (409)', async () => {
    expect((await reset(mod, staff.id)).status).toBe(403);
    const own = await reset(admin, adminId);
    expect([own.status, own.json.code]).toEqual([403, 'staff_rank']);
    const none = await onboardMember(t);
    const missing = await reset(admin, none.id);
    expect([missing.status, missing.json.code]).toEqual([409, 'conflict']);
    expect((await reset(admin, 999_999)).status).toBe(404);
    expect((await detail(staff.id)).second_factor_enrolled_at).toEqual(expect.any(String));
  });

  it('resets: one audit row, the console sessions end, a security mail, and the next console sign-in enrols again', async () => {
    const { res, rows } = await audited(() => reset(admin, staff.id));
    expect(res.status, res.text).toBe(204);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: adminId,
      action: 'member.second_factor_reset',
      targetType: 'member',
      targetId: staff.id,
      reason: 'Telefon verloren, per Videoanruf bestätigt.',
    });
    expect((await detail(staff.id)).second_factor_enrolled_at).toBeNull();
    expect((await call(t, 'GET', '/api/admin/me', { token: staffToken })).status).toBe(401);
    // The member's own (non-console) session is not touched.
    expect((await call(t, 'GET', '/api/notifications', { token: staff.token })).status).toBe(200);
    const mails = (await outbox(t)).filter(
      (x) => x.to.includes(staff.email) && x.subject.includes('zweiter Faktor'),
    );
    expect(mails.map((m) => m.subject)).toEqual([
      'Trostnetz: Dein zweiter Faktor für die Verwaltung wurde zurückgesetzt',
    ]);
    expect(mails[0]!.links).toContain('http://localhost:3000/nova/login');
    const start = await call(t, 'POST', '/api/admin/session', {
      body: { email: staff.email, password: strongPassword },
    });
    expect(start.json.step).toBe('enrol');
    // Enrolling again works as the first time, with ten new recovery codes.
    expect((await staffSignIn(t, staff)).recovery_codes).toHaveLength(10);
    expect((await detail(staff.id)).second_factor_enrolled_at).toEqual(expect.any(String));
  });
});
