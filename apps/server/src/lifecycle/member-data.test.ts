import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { isPairOf } from '../db/pair-side.ts';
import { messages } from '../db/schema/chat.ts';
import { matchingPool, matchingProfiles } from '../db/schema/matching.ts';
import { partnerships } from '../db/schema/partnerships.ts';
import { questionnaireAnswers } from '../db/schema/questionnaire.ts';
import { blocks, reports } from '../db/schema/safety.ts';
import { passwordResets, sessions } from '../db/schema/sessions.ts';
import { roleUser, users } from '../db/schema/users.ts';
import { watchlistEntries } from '../db/schema/watchlist.ts';
import { JOBS_SCHEMA } from '../modules/jobs/job-queue.ts';
import { type MemberTokens, onboardMember } from '../test/factories.ts';
import { grantRole } from '../test/staff.ts';
import { call, createTestApp, type TestApp } from '../test/test-app.ts';
import { eraseMemberData, type MemberData } from './member-data.ts';
import { eraseMember, exportMember, memberDataTable } from './member-data-table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Tables that hold something of a member: a foreign key to users(id), or a column named like
 * `*_user_id` / `user_*`; the users table itself too. Qualified by schema outside `public`.
 */
async function memberTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select kcu.table_schema as schema, kcu.table_name as name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = rc.constraint_schema and kcu.constraint_name = rc.constraint_name
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_schema = rc.unique_constraint_schema and ccu.constraint_name = rc.unique_constraint_name
    where ccu.table_schema = 'public' and ccu.table_name = 'users' and ccu.column_name = 'id'
    union
    select table_schema, table_name from information_schema.columns
    where table_schema not in ('pg_catalog', 'information_schema')
      and (column_name like '%\\_user\\_id' or column_name like 'user\\_%')
    union select 'public', 'users'`);
  const rows = result.rows as Array<{ schema: string; name: string }>;
  return [...new Set(rows.map((r) => (r.schema === 'public' ? r.name : `${r.schema}.${r.name}`)))].sort();
}

const uncovered = async (table: readonly MemberData[]) => {
  const covered = new Set(table.flatMap((e) => e.tables));
  return (await memberTables(t.app.ctx.db)).filter((name) => !covered.has(name));
};

describe('issue 10: the member life-cycle registry covers every table that holds member data', () => {
  it('every table with a member column is named by a module entry', async () => {
    expect(await memberTables(t.app.ctx.db)).toContain('partnerships');
    expect(await uncovered(memberDataTable)).toEqual([]);
  });

  it('a new table with a member column that no module registers fails the check, by name', async () => {
    const db = t.app.ctx.db;
    await db.execute(
      sql`create table member_notes (id int primary key, user_id bigint references users(id))`,
    );
    await db.execute(sql`create table group_posts (id int primary key, author_user_id bigint)`);
    try {
      expect(await uncovered(memberDataTable)).toEqual(['group_posts', 'member_notes']);
    } finally {
      await db.execute(sql`drop table member_notes, group_posts`);
    }
  });

  it('every table an entry names exists (no entry for a table that is gone)', async () => {
    const db = t.app.ctx.db;
    for (const name of memberDataTable.flatMap((e) => e.tables)) {
      const [schema, table] = name.includes('.') ? name.split('.') : ['public', name];
      const found = await db.execute(sql`select 1 from information_schema.tables
        where table_schema = ${schema} and table_name = ${table}`);
      expect(found.rows.length, name).toBe(1);
    }
  });
});

/** A member with something in every table, and the others who keep their part. */
async function memberWithEverything() {
  const [a, b, c, d, e] = [
    await onboardMember(t),
    await onboardMember(t),
    await onboardMember(t),
    await onboardMember(t),
    await onboardMember(t),
  ] as [MemberTokens, MemberTokens, MemberTokens, MemberTokens, MemberTokens];
  const post = (m: MemberTokens, url: string, body: unknown = {}) =>
    call(t, 'POST', url, { token: m.token, body });
  await post(a, `/api/user/friend/request/send/${b.id}`, { message: 'Magst du schreiben?' });
  await post(b, `/api/user/friend/request/accept/${a.id}`);
  await post(a, `/api/chat/${b.id}/send`, { message: 'Hallo B', client_id: 'client-a-0001' });
  await post(b, `/api/chat/${a.id}/send`, { message: 'Hallo A' });
  await post(a, `/api/user/friend/request/send/${c.id}`, { message: 'Nur eine Anfrage' });
  await post(a, `/api/user/watchlist/${c.id}`);
  await post(b, `/api/user/watchlist/${a.id}`);
  await post(a, '/api/block', { userId: d.id });
  await post(e, '/api/block', { userId: a.id });
  await post(a, '/api/reports', { type: 'profile', id: c.id, reason: 'spam', details: 'A meldet C' });
  await post(c, '/api/reports', { type: 'profile', id: a.id, reason: 'harassment', details: 'C meldet A' });
  await grantRole(t, a.id, 'support');
  // Waiting in the queue (not run): a request for a reset link to A, one to B.
  await call(t, 'POST', '/api/auth/forgot-password', { body: { email: a.email } });
  await call(t, 'POST', '/api/auth/forgot-password', { body: { email: b.email } });
  await t.app.ctx.mailer.idle();
  return { a, b, c, d, e };
}

const count = async (db: Db, table: PgTable, where: SQL | undefined) =>
  Number((await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]?.n);

/** Mails waiting to go to the address, and requests waiting to mail it a reset link. */
const waitingMailsTo = async (email: string) =>
  Number(
    (
      await t.app.ctx.db.execute(sql`select count(*)::int as n from ${sql.raw(`${JOBS_SCHEMA}.job`)}
        where state in ('created', 'retry') and ((name = 'mail-send' and data->>'to' = ${email})
          or (name = 'auth-password-reset' and data->>'email' = ${email}))`)
    ).rows[0]?.n,
  );

describe('issue 10: exportMember and eraseMember walk the registry', () => {
  it('the export is plain JSON of what the member may see, by module, with no other member’s private data', async () => {
    const { a, b, c } = await memberWithEverything();
    const data = await exportMember(t.app.ctx, a.id);
    expect(Object.keys(data).sort()).toEqual(memberDataTable.map((e) => e.module).sort());
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(data.account?.user).toMatchObject({
      id: a.id,
      email: a.email,
      permissionsViaRoles: expect.any(Array),
    });
    expect(data.account?.sessions.length).toBeGreaterThan(0);
    expect(data.questionnaire.answers).toContainEqual({
      question: 'Was hast du erlebt?',
      answers: ['Tod eines Elternteils'],
    });
    expect(data.chat.map((m: { message: string; from_me: boolean }) => [m.message, m.from_me])).toEqual([
      ['Hallo B', true],
      ['Hallo A', false],
    ]);
    expect(data.partners.requests_written.map((r: { to: number }) => r.to).sort()).toEqual(
      [b.id, c.id].sort(),
    );
    expect(data.watchlist.map((w: { id: number }) => w.id)).toEqual([c.id]);
    expect(data.hidden_list).toHaveLength(1);
    expect(data.reports).toEqual([expect.objectContaining({ target_id: c.id, details: 'A meldet C' })]);
    // The request for a reset link, and the checks for a notice mail (a's request was accepted).
    expect(data.jobs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ job: 'auth-password-reset', state: 'created' }),
        expect.objectContaining({ job: 'notifications-mail', state: 'created' }),
      ]),
    );
    const text = JSON.stringify(data);
    for (const secret of [b.email, c.email, 'C meldet A', '$argon2', 'token_hash'])
      expect(text).not.toContain(secret);
  });

  it('erasing deletes or anonymises every table in one go; partners keep the pair and the conversation', async () => {
    const { a, b, c, d, e } = await memberWithEverything();
    const db = t.app.ctx.db;
    const [byA] = await db.select({ id: reports.id }).from(reports).where(eq(reports.reporterId, a.id));
    const mailsToB = await waitingMailsTo(b.email);
    expect(await waitingMailsTo(a.email)).toBe(1);
    // One kind of loss: one row in the matching pool (decision 017).
    expect(await count(db, matchingPool, eq(matchingPool.userId, a.id))).toBe(1);

    await eraseMember(t.app.ctx, a.id);

    // account: emptied, sessions, reset links and roles gone, every token refused
    const [row] = await db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({
      nickname: '',
      email: `deleted-${a.id}@deleted.invalid`,
      passwordHash: '',
      about: null,
    });
    expect(row?.deletedAt).not.toBeNull();
    expect(await count(db, sessions, eq(sessions.userId, a.id))).toBe(0);
    expect(await count(db, passwordResets, eq(passwordResets.userId, a.id))).toBe(0);
    expect(await count(db, roleUser, eq(roleUser.userId, a.id))).toBe(0);
    expect((await call(t, 'GET', '/api/profile/init', { token: a.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/auth/tokens/refresh', { token: a.refresh_token })).status).toBe(401);
    // questionnaire
    expect(await count(db, questionnaireAnswers, eq(questionnaireAnswers.userId, a.id))).toBe(0);
    expect(await count(db, matchingProfiles, eq(matchingProfiles.userId, a.id))).toBe(0);
    expect(await count(db, matchingPool, eq(matchingPool.userId, a.id))).toBe(0);
    // partners: the request to C is gone; the pair with B stays without A's request text and shared answers
    expect(await count(db, partnerships, isPairOf(a.id, c.id))).toBe(0);
    const [pair] = await db.select().from(partnerships).where(isPairOf(a.id, b.id));
    expect(pair).toMatchObject({ requestMessage: null, requestedBy: null, sharedTags: [], score: 0 });
    // chat: the conversation stays for B; the device ids of A's messages go
    const kept = await db
      .select()
      .from(messages)
      .where(or(eq(messages.senderId, a.id), eq(messages.recipientId, a.id)))
      .orderBy(messages.id);
    expect(kept.map((m) => [m.body, m.clientId])).toEqual([
      ['Hallo B', null],
      ['Hallo A', null],
    ]);
    // watchlist, hidden list
    const watching = or(eq(watchlistEntries.userId, a.id), eq(watchlistEntries.watchedId, a.id));
    expect(await count(db, watchlistEntries, watching)).toBe(0);
    expect(await count(db, blocks, and(eq(blocks.blockerId, a.id), eq(blocks.blockedId, d.id)))).toBe(0);
    expect(await count(db, blocks, and(eq(blocks.blockerId, e.id), eq(blocks.blockedId, a.id)))).toBe(1);
    // reports: A's report stays without its reporter; C's report about A stays as it was
    const [mine] = await db.select().from(reports).where(eq(reports.id, byA!.id));
    expect(mine).toMatchObject({ reporterId: null, targetId: c.id, details: 'A meldet C' });
    expect(await count(db, reports, and(eq(reports.reporterId, c.id), eq(reports.targetId, a.id)))).toBe(1);
    // jobs: nothing is sent to A any more; B's mail still goes
    expect(await waitingMailsTo(a.email)).toBe(0);
    expect(await waitingMailsTo(b.email)).toBe(mailsToB);

    // SPEC §3: B keeps the partner, with an empty nickname, and the conversation
    const list = (await call(t, 'GET', '/api/chat/partners', { token: b.token })).json as unknown as Array<{
      id: number;
      nickname: string;
      friend_status: number;
    }>;
    expect(list.find((p) => p.id === a.id)).toMatchObject({ nickname: '', friend_status: 2 });
    const history = await call(t, 'GET', `/api/chat/${a.id}/messages`, { token: b.token });
    expect((history.json.messages as Array<{ message: string }>).map((m) => m.message)).toEqual([
      'Hallo A',
      'Hallo B',
    ]);
    // E's hidden list keeps its entry, emptied
    const hidden = (await call(t, 'GET', '/api/user/blocklist/all', { token: e.token }))
      .json as unknown as Array<{
      userId: number;
      nickname: string;
    }>;
    expect(hidden).toEqual([expect.objectContaining({ userId: a.id, nickname: '' })]);
    // The address is free for a new account
    expect(await count(db, users, sql`lower(${users.email}) = ${a.email}`)).toBe(0);

    // What is left to export: the emptied account and the conversation B keeps
    const after = await exportMember(t.app.ctx, a.id);
    expect(after.account?.user).toMatchObject({ nickname: '', permissionsViaRoles: [] });
    expect(after.account?.sessions).toEqual([]);
    expect(after.questionnaire).toEqual({ answers: [], matching_profile: null });
    expect([after.watchlist, after.hidden_list, after.reports, after.jobs]).toEqual([[], [], [], []]);
    expect(after.chat).toHaveLength(2);
  });

  it('a conversation whose partner’s account is gone as well is erased with the second of them', async () => {
    const [a, b] = [await onboardMember(t), await onboardMember(t)];
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
    await call(t, 'POST', `/api/chat/${b.id}/send`, { token: a.token, body: { message: 'Bis bald' } });
    const between = or(eq(messages.senderId, a.id), eq(messages.recipientId, a.id));
    await eraseMember(t.app.ctx, a.id);
    expect(await count(t.app.ctx.db, messages, between)).toBe(1);
    await eraseMember(t.app.ctx, b.id);
    expect(await count(t.app.ctx.db, messages, between)).toBe(0);
  });

  it('erasing is all or nothing: a failing module leaves every table as it was', async () => {
    const { a } = await memberWithEverything();
    const failing: MemberData = {
      module: 'failing',
      tables: [],
      exportMember: async () => null,
      eraseMember: async () => {
        throw new Error('disk full');
      },
    };
    await expect(
      eraseMemberData(t.app.ctx, [...memberDataTable.slice(0, -1), failing], a.id),
    ).rejects.toThrow('disk full');
    const db = t.app.ctx.db;
    expect(await count(db, questionnaireAnswers, eq(questionnaireAnswers.userId, a.id))).toBeGreaterThan(0);
    expect(await waitingMailsTo(a.email)).toBe(1);
    expect((await call(t, 'GET', '/api/profile/init', { token: a.token })).status).toBe(200);
  });
});
