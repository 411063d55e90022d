import { createInProcessAdapter } from '../../src/adapters/in-process-adapter.ts';
import type { RealtimeAdapter } from '../../src/server.ts';

/** One adapter call the test holds open until it calls release(). */
export interface HeldCall {
  kind: 'route' | 'join';
  release(): void;
}

/**
 * The in-process adapter with a real backend's latency, under the test's control. With `routes`, every new
 * channel waits to be routed until its call is released. Each entry pushed to `joins` holds the next presence
 * join: 'applied' joins at once and answers when released (a command that reached the backend, answered
 * late), 'failed' never joins and answers with an error when released. `left` lists the channel of every
 * presenceLeave call, in order.
 */
export function slowAdapter(options: { routes?: boolean } = {}) {
  const inner = createInProcessAdapter();
  const held: HeldCall[] = [];
  const joins: Array<'applied' | 'failed'> = [];
  const left: string[] = [];
  const hold = (kind: HeldCall['kind']) =>
    new Promise<void>((resolve) => held.push({ kind, release: () => resolve() }));
  const adapter: RealtimeAdapter = {
    ...inner,
    subscribe(channel) {
      inner.subscribe(channel);
      return options.routes ? hold('route') : undefined;
    },
    async presenceJoin(channel, socketId, member, maxMembers) {
      const plan = joins.shift();
      if (plan === undefined) return inner.presenceJoin(channel, socketId, member, maxMembers);
      const answer = plan === 'applied' ? inner.presenceJoin(channel, socketId, member, maxMembers) : null;
      await hold('join');
      if (!answer) throw new Error('backend unavailable');
      return answer;
    },
    presenceLeave(channel, socketId) {
      left.push(channel);
      return inner.presenceLeave(channel, socketId);
    },
  };
  return { adapter, held, joins, left };
}
