// One load-generator process of the chat benchmark (bench/chat/load.ts forks several): it holds the
// sockets of its share of the members (whole pairs, so sender and recipient share one clock), sends
// their messages over HTTP at its share of the rate and times each from send to the recipient's frame.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';

export interface WorkerMember {
  id: number;
  partner: number;
  token: string;
  port: number;
}
export type Target = 'app' | 'ceiling';
export type ToWorker =
  | { type: 'init'; target: Target; members: WorkerMember[]; appKey: string }
  | {
      type: 'run';
      rate: number;
      seconds: number;
      startAt: number;
      phaseMs: number;
      tag: string;
      /** Senders in turn instead of at random: a warm-up in which every member writes once. */
      inTurn?: boolean;
    }
  | { type: 'close' };
export interface WorkerReport {
  sent: number;
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  lost: number;
  /** Of the lost, those whose recipient's socket the server had closed (pusher-js would reconnect and refetch). */
  lostToClosedSockets: number;
  /** Sockets the server closed since the last run, by close code. */
  closes: Record<string, number>;
  doubled: number;
  latencies: number[];
  sendSeconds: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let target: Target = 'app';
let members: Array<WorkerMember & { ws: WebSocket; socketId: string }> = [];
let sentAt = new Map<string, number>();
let received = new Map<string, number>();
let latencies: number[] = [];
let closes: Record<string, number> = {};
let recipientOf = new Map<string, number>();
const closedMembers = new Set<number>();
const onClose = (memberId: number) => (code: number) => {
  closes[code] = (closes[code] ?? 0) + 1;
  closedMembers.add(memberId);
};

function post(port: number, path: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

function onDelivery(memberId: number, raw: Buffer): void {
  const now = performance.now();
  const frame = JSON.parse(raw.toString()) as { event: string; data?: string };
  if (frame.event !== 'ChatMessageNew' || typeof frame.data !== 'string') return;
  const { message } = JSON.parse(frame.data) as { message: { message: string; recipient_id: number } };
  if (message.recipient_id !== memberId) return; // the sender's own copy (for its other tabs)
  const n = (received.get(message.message) ?? 0) + 1;
  received.set(message.message, n);
  const t0 = sentAt.get(message.message);
  if (n === 1 && t0 !== undefined) latencies.push(now - t0);
}

/** Pusher protocol by hand, as pusher-js does it: handshake, /pusher/auth, subscribe, answer pings. */
function connectApp(m: WorkerMember, appKey: string): Promise<{ ws: WebSocket; socketId: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${m.port}/app/${appKey}?protocol=7&client=js&version=8.4.0`, {
      perMessageDeflate: false,
    });
    const channel = `private-user_${m.id}_chat_message`;
    let socketId = '';
    ws.on('error', reject);
    ws.on('close', onClose(m.id));
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString();
      if (text.startsWith('{"event":"ChatMessageNew"')) return onDelivery(m.id, raw);
      const frame = JSON.parse(text) as { event: string; data?: string };
      if (frame.event === 'pusher:ping') ws.send('{"event":"pusher:pong","data":{}}');
      else if (frame.event === 'pusher:connection_established') {
        socketId = (JSON.parse(frame.data ?? '{}') as { socket_id: string }).socket_id;
        const form = `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`;
        const req = http.request(
          {
            host: '127.0.0.1',
            port: m.port,
            path: '/pusher/auth',
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${m.token}`,
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(form),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => {
              if (res.statusCode !== 200) return reject(new Error(`/pusher/auth answered ${res.statusCode}`));
              const { auth } = JSON.parse(body) as { auth: string };
              ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
            });
          },
        );
        req.on('error', reject);
        req.end(form);
      } else if (frame.event === 'pusher_internal:subscription_succeeded') resolve({ ws, socketId });
      else if (frame.event === 'pusher:subscription_error' || frame.event === 'pusher:error') {
        reject(new Error(`${frame.event} ${frame.data}`));
      }
    });
  });
}

function connectCeiling(m: WorkerMember): Promise<{ ws: WebSocket; socketId: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${m.port}/ceiling?member=${m.id}`, { perMessageDeflate: false });
    ws.on('error', reject);
    ws.on('close', onClose(m.id));
    ws.on('open', () => resolve({ ws, socketId: '' }));
    ws.on('message', (raw: Buffer) => onDelivery(m.id, raw));
  });
}

async function init(msg: Extract<ToWorker, { type: 'init' }>): Promise<void> {
  target = msg.target;
  members = [];
  for (let i = 0; i < msg.members.length; i += 100) {
    const batch = msg.members.slice(i, i + 100);
    const opened = await Promise.all(
      batch.map((m) => (target === 'app' ? connectApp(m, msg.appKey) : connectCeiling(m))),
    );
    for (const [k, m] of batch.entries()) members.push({ ...m, ...opened[k]! });
  }
}

async function run(msg: Extract<ToWorker, { type: 'run' }>): Promise<WorkerReport> {
  sentAt = new Map();
  received = new Map();
  recipientOf = new Map();
  latencies = [];
  const statuses: Record<string, number> = {};
  let ok = 0;
  let errors = 0;
  const total = Math.round(msg.rate * msg.seconds);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // The start is agreed in wall-clock time across the workers; each keeps its own phase in the schedule.
  const started = performance.now() + Math.max(0, msg.startAt - Date.now()) + msg.phaseMs;
  const inflight: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const wait = started + (k * 1000) / msg.rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const m = members[msg.inTurn ? k % members.length : Math.floor(Math.random() * members.length)]!;
    const key = `${msg.tag}-${k}-${m.id}`;
    const body = JSON.stringify({ message: key, client_id: key });
    sentAt.set(key, performance.now());
    recipientOf.set(key, m.partner);
    const sending =
      target === 'app'
        ? post(
            m.port,
            `/api/chat/${m.partner}/send`,
            // Like the web app: the sending tab is left out of the echo to the sender's other tabs.
            { authorization: `Bearer ${m.token}`, 'x-socket-id': m.socketId },
            body,
          )
        : post(m.port, `/send/${m.partner}`, { 'x-member': String(m.id) }, body);
    inflight.push(
      sending.then((status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) ok++;
        else {
          errors++;
          sentAt.delete(key);
        }
      }),
    );
  }
  await Promise.all(inflight);
  const sendSeconds = (performance.now() - started) / 1000;
  loop.disable();
  // Late deliveries: wait until every stored message arrived, or nothing more arrived for 10 s. A late
  // message counts in the latencies, not as lost; lost is what never came.
  let lastCount = received.size;
  let lastProgress = performance.now();
  while ([...sentAt.keys()].some((k) => !received.has(k)) && performance.now() - lastProgress < 10_000) {
    await new Promise((r) => setTimeout(r, 100));
    if (received.size !== lastCount) {
      lastCount = received.size;
      lastProgress = performance.now();
    }
  }
  const lostKeys = [...sentAt.keys()].filter((k) => !received.has(k));
  const reportedCloses = closes;
  closes = {};
  return {
    sent: total,
    ok,
    errors,
    statuses,
    lost: lostKeys.length,
    lostToClosedSockets: lostKeys.filter((k) => closedMembers.has(recipientOf.get(k) ?? -1)).length,
    closes: reportedCloses,
    doubled: [...received.values()].filter((n) => n > 1).length,
    latencies,
    sendSeconds,
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
  };
}

process.on('message', (msg: ToWorker) => {
  const answer = (result: unknown) => process.send?.({ ok: true, result });
  const fail = (error: unknown) => process.send?.({ ok: false, error: String(error) });
  if (msg.type === 'init') init(msg).then(() => answer(null), fail);
  else if (msg.type === 'run') run(msg).then(answer, fail);
  else if (msg.type === 'close') {
    for (const m of members) m.ws.terminate();
    agent.destroy();
    answer(null);
    process.disconnect();
  }
});
