import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessAdapter } from '../src/adapters/in-process-adapter.ts';
import { connectClient, sdk, subscribed } from './helpers/clients.ts';
import { startTestServer, type TestServer, testApp } from './helpers/test-server.ts';

/**
 * The HTTP API's exact answers where a route, an app or the backend is wrong (Pusher HTTP API: a JSON body
 * `{error}` with the status). Requests the server refuses before the signature check are sent unsigned.
 */
let server: TestServer;
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await server?.close();
});

async function raw(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { method });
  return { status: response.status, body: await response.json() };
}

describe('HTTP API answers', () => {
  it('route rule: a path is an API path only from its first character to its last (prefix or suffix is 404 Not found)', async () => {
    server = await startTestServer();
    expect(await raw('POST', `/x/apps/${testApp.id}/events`)).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
    expect(await raw('GET', `/apps/${testApp.id}/channels/presence-x/users/more`)).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
    // The same paths without the extra part reach the signature check: unsigned, they are 401.
    expect((await raw('GET', `/apps/${testApp.id}/channels/presence-x/users`)).status).toBe(401);
  });

  it('app rule: another app id is 404 {"error":"Unknown app"}', async () => {
    server = await startTestServer();
    expect(await raw('POST', '/apps/999/events')).toEqual({ status: 404, body: { error: 'Unknown app' } });
  });

  it('backend rule: when the adapter fails, the answer is 503 "Realtime backend unavailable" and the failure is logged', async () => {
    const adapter = createInProcessAdapter();
    const failure = new Error('adapter down');
    vi.spyOn(adapter, 'occupiedChannels').mockRejectedValue(failure);
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    server = await startTestServer({ adapter, logger });
    const pusher = sdk(server.port);
    const answer = await pusher.get({ path: '/channels' }).then(
      (response) => ({ status: response.status, body: '' }),
      (error: { status: number; body: string }) => ({ status: error.status, body: JSON.parse(error.body) }),
    );
    expect(answer).toEqual({ status: 503, body: { error: 'Realtime backend unavailable' } });
    expect(logger.error).toHaveBeenCalledWith({ err: failure }, 'realtime HTTP API failed');
  });

  it('user_count rule: any prefix that starts with presence- may ask for user counts', async () => {
    server = await startTestServer();
    const member = connectClient(server.port, { user: { id: 'u3' } });
    cleanups.push(() => member.disconnect());
    await subscribed(member, 'presence-room-1');
    const answer = await sdk(server.port).get({
      path: '/channels',
      params: { filter_by_prefix: 'presence-room', info: 'user_count' },
    });
    expect(await answer.json()).toEqual({ channels: { 'presence-room-1': { user_count: 1 } } });
  });
});
