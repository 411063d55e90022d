import { allEndpoints, routeKey } from '@trostnetz/contracts/endpoints';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { onlyTableRoutes } from './endpoint-route.ts';

/** Every API route's method and path are written once, in the tables of packages/contracts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('routes from the endpoint tables', () => {
  it('every endpoint of the tables is registered by the server', () => {
    const missing = allEndpoints.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map(routeKey)).toEqual([]);
  });

  it('an API route the tables do not name fails at registration', async () => {
    const app = Fastify();
    onlyTableRoutes(app, allEndpoints);
    expect(() => app.get('/api/config', async () => ({}))).not.toThrow();
    expect(() => app.post('/api/config', async () => ({}))).toThrow(
      /POST \/api\/config is not in the endpoint tables/,
    );
    expect(() => app.get('/api/not-in-the-table', async () => ({}))).toThrow(/not in the endpoint tables/);
    expect(() => app.post('/pusher/other', async () => ({}))).toThrow(/not in the endpoint tables/);
    await app.close();
  });

  it('routes outside the API (health, documentation, the Pusher HTTP API) are not governed', async () => {
    const app = Fastify();
    onlyTableRoutes(app, allEndpoints);
    expect(() => app.get('/health', async () => ({}))).not.toThrow();
    expect(() => app.get('/api/docs/json', async () => ({}))).not.toThrow();
    expect(() => app.post('/apps/:appId/events', async () => ({}))).not.toThrow();
    await app.close();
  });
});
