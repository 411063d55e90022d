import Pusher from 'pusher-js';

/** The official pusher-js client (Node build), pointed at an app listening on 127.0.0.1:port. */
export function connectPusher(port: number, key: string, accessToken: string): Pusher {
  return new Pusher(key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${port}/pusher/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${accessToken}` },
    },
  });
}

export function waitFor<T>(register: (resolve: (v: T) => void) => void, ms = 5_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    register((v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
}

export function subscribed(client: Pusher, channel: string) {
  return waitFor<void>((done) => {
    const ch = client.subscribe(channel);
    ch.bind('pusher:subscription_succeeded', () => done());
  });
}
