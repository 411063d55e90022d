import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface NodeHandle {
  port: number;
  request<T>(type: 'memory' | 'cpu' | 'loop' | 'stats' | 'close'): Promise<T>;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL('./server-node.ts', import.meta.url));

/** Starts a realtime node in a child process with gc exposed; talks to it over IPC. */
export function startNode(redisUrl: string | null, prefix = 'bench'): Promise<NodeHandle> {
  const child: ChildProcess = fork(entry, [redisUrl ?? 'none', prefix], {
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  const pending = new Map<number, (value: unknown) => void>();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`realtime node exited with ${code}`)));
    child.on('message', (message: { type?: string; port?: number; id?: number; result?: unknown }) => {
      if (message.type === 'ready' && message.port) {
        resolve({
          port: message.port,
          request<T>(type: string) {
            const id = ++nextId;
            return new Promise<T>((done) => {
              pending.set(id, done as (value: unknown) => void);
              child.send({ id, type });
            });
          },
          async stop() {
            if (child.exitCode !== null) return;
            const exited = new Promise((done) => child.once('exit', done));
            const id = ++nextId;
            child.send({ id, type: 'close' });
            await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
            if (child.exitCode === null) child.kill('SIGKILL');
          },
        });
      } else if (message.id !== undefined) {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
    });
  });
}
