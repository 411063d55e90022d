import { strykerTarget } from './base.mjs';

// The realtime protocol over the socket: handshake, client messages and events, subscriptions, presence data,
// channel names, frames. Its HTTP side is the target `realtime-http`; both run the package's own tests.
export default strykerTarget({
  name: 'realtime',
  mutate: [
    'packages/realtime/src/handshake.ts',
    'packages/realtime/src/client-messages.ts',
    'packages/realtime/src/client-events.ts',
    'packages/realtime/src/subscriptions.ts',
    'packages/realtime/src/presence-data.ts',
    'packages/realtime/src/channel-name.ts',
    'packages/realtime/src/frames.ts',
    'packages/realtime/src/protocol-codes.ts',
    // Not mutated: server.ts, server-context.ts, delivery.ts, write-batching.ts, activity-monitor.ts and
    // adapters/ (transport, fan-out and the Redis adapter, whose tests need Redis), options.ts (defaults),
    // socket-id.ts (random ids), logger.ts (logging only).
  ],
  vitestConfig: 'stryker/vitest.realtime.config.ts',
});
