import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/moderation.ts';
import { onboardMember } from '../../test/factories.ts';
import { makeSuperAdmin, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, type Json, outbox, type TestApp } from '../../test/test-app.ts';

/** Issue 16, the rest of the team's work: each action changes what it says and writes exactly one audit row. */

let t: TestApp;
let admin: string;

const auditRows = async () => t.app.ctx.db.select().from(auditLog);
async function audited(run: () => Promise<{ status: number; json: Json; text: string }>) {
  const before = (await auditRows()).length;
  const res = await run();
  return { res, rows: (await auditRows()).slice(before) };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await onboardMember(t);
  await makeSuperAdmin(t, a.id);
  admin = (await staffSignIn(t, a)).token;
});
afterAll(() => t.close());

describe('issue 16 dashboard figures', () => {
  it('per day for the days asked (counts only), open reports, premium and attribution', async () => {
    await onboardMember(t);
    const res = await call(t, 'GET', '/api/admin/stats?days=7', { token: admin });
    expect(res.status, res.text).toBe(200);
    const days = res.json.days as Json[];
    expect(days).toHaveLength(7);
    expect(days.at(-1)!.new).toBeGreaterThanOrEqual(2);
    expect(days.at(-1)!.onboarded).toBeGreaterThanOrEqual(2);
    expect(res.json.members_total).toBeGreaterThanOrEqual(2);
    expect((await call(t, 'GET', '/api/admin/stats?days=0', { token: admin })).status).toBe(422);
  });
});

describe('issue 16 groups and categories: create, rename, order, archive', () => {
  it('a new category and group appear for members; archiving hides them; one audit row each', async () => {
    const member = await onboardMember(t);
    const cat = await audited(() =>
      call(t, 'POST', '/api/admin/group-categories', {
        token: admin,
        body: { name_de: 'Trauer im Beruf', name_en: 'Grief at work' },
      }),
    );
    expect(cat.res.status).toBe(201);
    expect(cat.rows).toHaveLength(1);
    const catId = (cat.res.json as unknown as Json[]).find((c) => c.name_de === 'Trauer im Beruf')!
      .id as number;
    const grp = await audited(() =>
      call(t, 'POST', '/api/admin/groups', {
        token: admin,
        body: { category_id: catId, name_de: 'Kolleginnen', name_en: 'Colleagues' },
      }),
    );
    expect(grp.res.status).toBe(201);
    expect(grp.rows).toHaveLength(1);
    const groupId = (grp.res.json as unknown as Json[]).find((g) => g.name_de === 'Kolleginnen')!
      .id as number;
    const names = async () =>
      (
        (await call(t, 'GET', '/api/group?locale=de', { token: member.token })).json.categories as Json[]
      ).flatMap((c) => (c.groups as Json[]).map((g) => g.name));
    expect(await names()).toContain('Kolleginnen');
    const renamed = await audited(() =>
      call(t, 'PATCH', `/api/admin/groups/${groupId}`, {
        token: admin,
        body: { name_de: 'Im Kollegium', position: 3 },
      }),
    );
    expect(renamed.res.status).toBe(200);
    expect(renamed.rows).toHaveLength(1);
    expect(await names()).toContain('Im Kollegium');
    const archived = await audited(() =>
      call(t, 'PATCH', `/api/admin/group-categories/${catId}`, { token: admin, body: { archived: true } }),
    );
    expect(archived.res.status).toBe(200);
    expect(archived.rows).toHaveLength(1);
    expect(await names()).not.toContain('Im Kollegium');
    expect((await call(t, 'PATCH', `/api/admin/groups/${groupId}`, { token: admin, body: {} })).status).toBe(
      422,
    );
    expect(
      (await call(t, 'PATCH', '/api/admin/groups/999999', { token: admin, body: { archived: true } })).status,
    ).toBe(404);
  });
});

describe('issue 16 customer service: inbox, assign, answer (mail + /customer-service), close', () => {
  it('the answer reaches the member by mail and on their list; each step one audit row', async () => {
    const m = await onboardMember(t);
    const sent = await call(t, 'POST', '/api/customer-service', {
      token: m.token,
      body: {
        topic: 'question',
        name: 'Alma',
        email: m.email,
        message: 'Wie kann ich mein Profilbild ändern?',
        rendered_at: Date.now() - 60_000,
      },
    });
    expect(sent.status, sent.text).toBe(201);
    const ref = sent.json.reference as string;
    const inbox = await call(t, 'GET', '/api/admin/support', { token: admin });
    expect((inbox.json.items as Json[]).map((i) => i.reference)).toContain(ref);
    const assign = await audited(() => call(t, 'POST', `/api/admin/support/${ref}/assign`, { token: admin }));
    expect([assign.res.status, assign.rows.length]).toEqual([204, 1]);
    const answer = await audited(() =>
      call(t, 'POST', `/api/admin/support/${ref}/answer`, {
        token: admin,
        body: { text: 'Unter Profil → Bild ändern.' },
      }),
    );
    expect([answer.res.status, answer.rows.length]).toEqual([204, 1]);
    const mail = (await outbox(t)).find((x) => x.to.includes(m.email) && x.text.includes('Unter Profil'));
    expect(mail, 'answer mailed').toBeDefined();
    const mine = await call(t, 'GET', '/api/customer-service/mine', { token: m.token });
    expect((mine.json as unknown as Json[]).find((r) => r.reference === ref)).toMatchObject({
      status: 'answered',
    });
    const close = await audited(() => call(t, 'POST', `/api/admin/support/${ref}/close`, { token: admin }));
    expect([close.res.status, close.rows.length]).toEqual([204, 1]);
    expect((await call(t, 'POST', `/api/admin/support/${ref}/close`, { token: admin })).status).toBe(409);
  });
});

describe('issue 16 plans: create, change price for new orders, retire', () => {
  it('each change is one audit row; a retired plan is no longer offered to members', async () => {
    const offeredIds = async () =>
      ((await call(t, 'GET', '/api/payments/plans')).json as unknown as Json[]).map((p) => p.id);
    const created = await audited(() =>
      call(t, 'POST', '/api/admin/plans', {
        token: admin,
        body: { id: 'zwoelf-monate', months: 12, total_cents: 4800 },
      }),
    );
    expect([created.res.status, created.rows.length]).toEqual([201, 1]);
    expect(await offeredIds()).toContain('zwoelf-monate');
    const priced = await audited(() =>
      call(t, 'PATCH', '/api/admin/plans/zwoelf-monate', { token: admin, body: { total_cents: 4200 } }),
    );
    expect(priced.res.json).toMatchObject({ total_cents: 4200, per_month_cents: 350 });
    expect(priced.rows[0]).toMatchObject({ action: 'plan.price_changed', reason: '4800 → 4200' });
    const retired = await audited(() =>
      call(t, 'POST', '/api/admin/plans/zwoelf-monate/retire', { token: admin }),
    );
    expect([retired.res.status, retired.rows.length, retired.res.json.retired]).toEqual([200, 1, true]);
    expect(await offeredIds()).not.toContain('zwoelf-monate');
  });
});

describe('issue 16 content: FAQ editing and restoring an earlier version', () => {
  it('an FAQ answer is edited (one audit row) and shows on /api/faq', async () => {
    const list = await call(t, 'GET', '/api/admin/faq?locale=de', { token: admin });
    const entry = (list.json as unknown as Json[])[0]!;
    const edit = await audited(() =>
      call(t, 'PUT', `/api/admin/faq/${entry.id}`, {
        token: admin,
        body: { question: 'Neu gefragt?', answer: 'Neu **beantwortet**.' },
      }),
    );
    expect([edit.res.status, edit.rows.length]).toEqual([200, 1]);
    expect(JSON.stringify((await call(t, 'GET', '/api/faq?locale=de')).json)).toContain('Neu gefragt?');
  });

  it('publishing a page and restoring version 1 (a new version again) write one audit row each', async () => {
    const body = { locale: 'de', title: 'Impressum neu', body: 'Geändert.' };
    const published = await audited(() =>
      call(t, 'PUT', '/api/admin/content/imprint', { token: admin, body }),
    );
    expect([published.res.status, published.rows.map((r) => r.action)]).toEqual([201, ['content.published']]);
    const restore = await audited(() =>
      call(t, 'POST', '/api/admin/content/imprint/restore', {
        token: admin,
        body: { locale: 'de', version: 1 },
      }),
    );
    expect(restore.res.status, restore.res.text).toBe(201);
    expect(restore.rows).toHaveLength(1);
    const page = await call(t, 'GET', '/api/content/imprint?locale=de');
    expect(page.json).toMatchObject({ version: 3 });
    expect(page.json.title).not.toBe('Impressum neu');
    expect(
      (
        await call(t, 'POST', '/api/admin/content/imprint/restore', {
          token: admin,
          body: { locale: 'de', version: 99 },
        })
      ).status,
    ).toBe(404);
  });
});
