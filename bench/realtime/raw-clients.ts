import { WebSocket } from 'ws';
import { benchApp } from './bench-app.ts';

export interface BenchClient {
  ws: WebSocket;
  socketId: string;
}

/** Opens `count` bare ws clients, `batch` at a time, and resolves once each got its socket id. */
export async function openClients(port: number, count: number, batch = 500): Promise<BenchClient[]> {
  const clients: BenchClient[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    clients.push(...(await Promise.all(Array.from({ length: size }, () => openClient(port)))));
  }
  return clients;
}

function openClient(port: number): Promise<BenchClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}/app/${benchApp.key}?protocol=7&client=js&version=8.4.0`,
      {
        perMessageDeflate: false,
      },
    );
    ws.once('error', reject);
    ws.once('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { data: string };
      resolve({ ws, socketId: (JSON.parse(frame.data) as { socket_id: string }).socket_id });
    });
  });
}

/** Subscribes every client to a public channel and waits for all confirmations. */
export function subscribeAll(clients: BenchClient[], channel: string): Promise<void> {
  return Promise.all(
    clients.map(
      ({ ws }) =>
        new Promise<void>((resolve) => {
          const onMessage = (raw: Buffer) => {
            if (!raw.toString().includes('subscription_succeeded')) return;
            ws.off('message', onMessage);
            resolve();
          };
          ws.on('message', onMessage);
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
        }),
    ),
  ).then(() => undefined);
}

export async function closeClients(clients: BenchClient[]): Promise<void> {
  await Promise.all(
    clients.map(
      ({ ws }) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  );
}
