// A realtime node in its own process, so a test can kill it without any clean-up (a crash).
import { createRedisAdapter } from '../../src/adapters/redis-adapter.ts';
import { startTestServer } from './test-server.ts';

const [url, prefix] = process.argv.slice(2) as [string, string];
const server = await startTestServer({
  adapter: createRedisAdapter(url, { prefix, heartbeatMs: 100, deadAfterMs: 600 }),
});
process.send?.({ port: server.port });
