// Holds idle WebSocket connections for the memory measurement, in a process of its own so the clients'
// file descriptors and memory stay out of the measured server and out of the benchmark's own process.
// argv: [port, local address]. IPC: {open: n} opens until n are open, {close: true} closes all.
import { WebSocket } from 'ws';
import { benchApp } from './bench-app.ts';

const [port, localAddress, path = `/app/${benchApp.key}?protocol=7&client=js&version=8.4.0`] =
  process.argv.slice(2);
const open: WebSocket[] = [];

function connect(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { perMessageDeflate: false, localAddress });
    ws.once('error', reject);
    // Pusher sockets are open once the server says so; a raw ws server says nothing.
    const ready = () => {
      open.push(ws);
      resolve();
    };
    if (path.startsWith('/app/')) ws.once('message', ready);
    else ws.once('open', ready);
    // Idle, but alive: the server's pings (pusher:ping) are answered as pusher-js would.
    ws.on('message', (raw: Buffer) => {
      if (raw.toString().includes('"pusher:ping"')) ws.send('{"event":"pusher:pong","data":{}}');
    });
  });
}

process.on('message', async (message: { open?: number; close?: boolean }) => {
  try {
    if (message.close) {
      for (const ws of open.splice(0)) ws.terminate();
    } else if (message.open !== undefined) {
      while (open.length < message.open) {
        const batch = Math.min(500, message.open - open.length);
        await Promise.all(Array.from({ length: batch }, connect));
      }
    }
    process.send?.({ ok: true, open: open.length });
  } catch (error) {
    process.send?.({ ok: false, error: String(error) });
  }
});
process.send?.({ ok: true, open: 0 });
