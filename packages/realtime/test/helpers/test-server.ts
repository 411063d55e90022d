import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from '../../src/server.ts';

export const testApp = { id: '1001', key: 'test-app-key', secret: 'test-app-secret' };

export interface TestServer {
  realtime: RealtimeServer;
  http: http.Server;
  port: number;
  close(): Promise<void>;
}

/** A plain http.Server wired the way an app wires the realtime server: upgrade + the HTTP events API. */
export async function startTestServer(
  options: Partial<RealtimeServerOptions> & { port?: number } = {},
): Promise<TestServer> {
  const { port: requestedPort = 0, ...serverOptions } = options;
  const realtime = createRealtimeServer({ app: testApp, ...serverOptions });
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const result = await realtime.handleHttpApi({
      method: req.method ?? 'GET',
      path: queryStart === -1 ? url : url.slice(0, queryStart),
      query: Object.fromEntries(new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1))),
      rawBody: Buffer.concat(chunks).toString('utf8'),
    });
    res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
  });
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(requestedPort, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let closed = false;
  return {
    realtime,
    http: server,
    port,
    async close() {
      if (closed) return;
      closed = true;
      await realtime.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
