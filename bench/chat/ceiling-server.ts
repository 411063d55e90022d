// The chat benchmark's ceiling: the least any server can do for the same delivery. A bare Fastify route
// runs the app's own insert statement (chat.service.ts insertMessage) through a pg pool (the app's size)
// and writes the stored message to both members' raw `ws` sockets. No authentication, validation, rate limit, logging,
// notification or Pusher protocol. Started by bench/chat.ts with the database URL; answers IPC.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { WebSocket, WebSocketServer } from 'ws';
import { insertMessage } from '../../apps/server/src/modules/chat/chat.service.ts';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: ceiling-server.ts <database url>');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const sockets = new Map<number, WebSocket>();

const app = Fastify();
app.post<{ Params: { partner: string }; Body: { message: string; client_id?: string } }>(
  '/send/:partner',
  async (request, reply) => {
    const me = Number(request.headers['x-member']);
    const partner = Number(request.params.partner);
    // The app's own insert, as the app runs it: a named prepared statement.
    const { rows } = await pool.query({
      name: insertMessage.name,
      text: insertMessage.text,
      values: insertMessage.values({
        me,
        partner,
        body: request.body.message,
        clientId: request.body.client_id ?? null,
      }),
    });
    const row = rows[0];
    if (!row) return reply.status(409).send({ error: 'conflict' });
    const message = {
      id: Number(row.id),
      chat_id: Number(row.chat_id),
      user_id: Number(row.sender_id),
      recipient_id: Number(row.recipient_id),
      message: row.body,
      client_id: row.client_id,
      send_at: row.send_at.toISOString(),
      read_at: null,
    };
    const data = JSON.stringify(JSON.stringify({ message }));
    for (const id of [partner, me]) {
      const ws = sockets.get(id);
      if (ws?.readyState === WebSocket.OPEN) {
        ws.send(`{"event":"ChatMessageNew","channel":"private-user_${id}_chat_message","data":${data}}`);
      }
    }
    return message;
  },
);

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false });
app.server.on('upgrade', (req, socket, head) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const member = Number(url.searchParams.get('member'));
  if (url.pathname !== '/ceiling' || !member) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    sockets.set(member, ws);
    ws.on('close', () => {
      if (sockets.get(member) === ws) sockets.delete(member);
    });
    ws.on('error', () => {});
  });
});

await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'ready', port: (app.server.address() as AddressInfo).port });
process.on('SIGTERM', async () => {
  for (const ws of sockets.values()) ws.terminate();
  await app.close();
  await pool.end();
  process.exit(0);
});
