import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/test-app.ts';

describe('issue 19: /ready', () => {
  it('ready rule: 200 when the database and the job queue answer, within a second', async () => {
    const t = await createTestApp();
    try {
      const started = Date.now();
      const res = await call(t, 'GET', '/ready');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'ready' });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await t.close();
    }
  });

  it('ready rule: 503 naming the database when it is stopped, within a second', async () => {
    const t = await createTestApp();
    await t.app.ctx.database.close();
    try {
      const started = Date.now();
      const res = await call(t, 'GET', '/ready');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(503);
      expect(res.json.status).toBe('unavailable');
      expect(res.json.failed).toContain('database');
      expect(res.json.failed).not.toContain('redis'); // not configured, so not checked
    } finally {
      await t.close().catch(() => {}); // the database is closed already
    }
  });

  it('ready rule: 503 from the moment draining starts (SIGTERM), with Retry-After', async () => {
    const t = await createTestApp();
    try {
      expect((await call(t, 'GET', '/ready')).status).toBe(200);
      t.app.draining.start();
      const res = await call(t, 'GET', '/ready');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json).toMatchObject({ code: 'unavailable' });
    } finally {
      await t.close();
    }
  });
});
