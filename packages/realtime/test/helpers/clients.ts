import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import { WebSocket } from 'ws';
import { signChannelAuth } from '../../src/auth-signature.ts';
import { testApp } from './test-server.ts';

export interface ClientOptions {
  key?: string;
  /** 'invalid' signs with a wrong secret. */
  auth?: 'valid' | 'invalid';
  user?: { id: string; info?: unknown };
  activityTimeout?: number;
  pongTimeout?: number;
}

type AuthCallback = (error: Error | null, data: { auth: string; channel_data?: string } | null) => void;

/** pusher-js (Node build) against the embedded server, authorising channels locally. */
export function connectClient(port: number, options: ClientOptions = {}): Pusher {
  const secret = options.auth === 'invalid' ? 'not-the-secret' : testApp.secret;
  return new Pusher(options.key ?? testApp.key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    activityTimeout: options.activityTimeout,
    pongTimeout: options.pongTimeout,
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: (params: { socketId: string; channelName: string }, callback: AuthCallback) => {
        const channelData = params.channelName.startsWith('presence-')
          ? JSON.stringify({ user_id: options.user?.id ?? 'anonymous', user_info: options.user?.info })
          : undefined;
        const auth = signChannelAuth(
          { ...testApp, secret },
          params.socketId,
          params.channelName,
          channelData,
        );
        callback(null, channelData === undefined ? { auth } : { auth, channel_data: channelData });
      },
    },
  });
}

export function waitForState(client: Pusher, state: string, timeoutMs = 5_000): Promise<void> {
  if (client.connection.state === state) return Promise.resolve();
  return withTimeout(
    new Promise<void>((resolve) => {
      const onChange = (change: { current: string }) => {
        if (change.current !== state) return;
        client.connection.unbind('state_change', onChange);
        resolve();
      };
      client.connection.bind('state_change', onChange);
    }),
    timeoutMs,
    `state ${state}`,
  );
}

/** Subscribes and resolves with the channel once the server confirmed. */
export async function subscribed(client: Pusher, channelName: string) {
  const channel = client.subscribe(channelName);
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return channel;
}

interface Bindable {
  bind(event: string, callback: (...args: never[]) => void): unknown;
  unbind(event: string, callback: (...args: never[]) => void): unknown;
}

export function nextEvent<T = unknown>(target: Bindable, event: string, timeoutMs = 5_000): Promise<T> {
  return withTimeout(
    new Promise<T>((resolve) => {
      const handler = (data: T) => {
        target.unbind(event, handler as never);
        resolve(data);
      };
      target.bind(event, handler as never);
    }),
    timeoutMs,
    `event ${event}`,
  );
}

/** Collects every occurrence of an event, for "did not arrive" assertions. */
export function collect<T = unknown>(target: Bindable, event: string): T[] {
  const seen: T[] = [];
  target.bind(event, ((data: T) => seen.push(data)) as never);
  return seen;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), ms);
    }),
  ]);
}

export async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await sleep(10);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sdk(port: number, secret = testApp.secret): PusherServer {
  return new PusherServer({
    appId: testApp.id,
    key: testApp.key,
    secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
}

export interface RawFrame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A bare ws client that records frames and the close code. */
export class RawClient {
  readonly frames: RawFrame[] = [];
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];
  readonly ws: WebSocket;
  readonly closed: Promise<number>;

  constructor(
    port: number,
    path = `/app/${testApp.key}?protocol=7&client=js&version=8.4.0`,
    headers?: Record<string, string>,
  ) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    this.ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as RawFrame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ws.on('error', () => {});
    this.closed = new Promise((resolve) =>
      this.ws.on('close', (code) => {
        this.closeCode = code;
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code);
      }),
    );
  }

  send(event: string, data: unknown, channel?: string): void {
    this.ws.send(JSON.stringify(channel === undefined ? { event, data } : { event, data, channel }));
  }

  /** Resolves with the first recorded frame matching, waiting for new ones as they come. */
  async next(match: (frame: RawFrame) => boolean, timeoutMs = 5_000): Promise<RawFrame> {
    const deadline = Date.now() + timeoutMs;
    let index = 0;
    for (;;) {
      for (; index < this.frames.length; index++) {
        const frame = this.frames[index] as RawFrame;
        if (match(frame)) return frame;
      }
      if (this.closeCode !== null)
        throw new Error(`Socket closed (${this.closeCode}) before a matching frame`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('Timed out waiting for a frame');
      await withTimeout(
        new Promise<void>((resolve) => this.waiters.push(resolve)),
        remaining,
        'a frame',
      ).catch(() => undefined);
    }
  }

  async socketId(): Promise<string> {
    const frame = await this.next((f) => f.event === 'pusher:connection_established');
    return (JSON.parse(frame.data as string) as { socket_id: string }).socket_id;
  }

  close(): void {
    this.ws.close();
  }
}
