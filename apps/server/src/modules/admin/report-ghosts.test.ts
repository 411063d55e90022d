import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardMember } from '../../test/factories.ts';
import { staffWithRole } from '../../test/staff.ts';
import { call, createTestApp, type Json, type TestApp } from '../../test/test-app.ts';

/**
 * Reports on ids that do not exist: the reporter gets the same answer (and receipt) as for any other, but
 * they stay out of the moderators' queue and its count, so nobody can fill the queue with them.
 */

let t: TestApp;
let mod: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { RATE_LIMIT_FACTOR: '100' });
  mod = await staffWithRole(t, await onboardMember(t), 'moderator');
  admin = await staffWithRole(t, await onboardMember(t), 'super');
});
afterAll(() => t.close());

const body = { reason: 'harassment', details: 'Beleidigend.' };
const queue = async () =>
  ((await call(t, 'GET', '/api/admin/reports?status=open', { token: mod })).json.items as Json[]).map(
    (i) => `${i.target_type}:${i.target_id}`,
  );
const openCount = async () =>
  ((await call(t, 'GET', '/api/admin/stats', { token: admin })).json.open_reports as { count: number }).count;

describe('reports on ids that do not exist', () => {
  it('reports on ids that do not exist get the same answer but are kept out of the queue and its count; a real one is there', async () => {
    const reporter = await onboardMember(t);
    const reported = await onboardMember(t);
    const before = await openCount();
    const real = await call(t, 'POST', '/api/reports', {
      token: reporter.token,
      body: { type: 'profile', id: reported.id, ...body },
    });
    const ghosts = [
      await call(t, 'POST', '/api/reports', {
        token: reporter.token,
        body: { type: 'profile', id: 987_654, ...body },
      }),
      await call(t, 'POST', '/api/post/987654/report', { token: reporter.token, body }),
      await call(t, 'POST', '/api/comment/987654/report', { token: reporter.token, body }),
    ];
    const shape = (r: { status: number; json: Json }) => [
      r.status,
      Object.keys(r.json).sort(),
      r.json.status,
    ];
    for (const ghost of ghosts) expect(shape(ghost)).toEqual(shape(real));

    const listed = await queue();
    expect(listed).toContain(`profile:${reported.id}`);
    for (const id of ['profile:987654', 'post:987654', 'comment:987654']) expect(listed).not.toContain(id);
    expect(await openCount()).toBe(before + 1);
    // The reporter's own list shows all four alike.
    const mine = (await call(t, 'GET', '/api/moderation/reports', { token: reporter.token })).json
      .items as Json[];
    expect(mine).toHaveLength(4);
    expect(new Set(mine.map((r) => r.status))).toEqual(new Set(['open']));
  });
});
