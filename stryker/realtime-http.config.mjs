import { strykerTarget } from './base.mjs';

// The realtime protocol's signed side: the channel auth signature, the HTTP API's signature check
// (auth_key, auth_signature, body_md5, auth_version, sorted parameters) and its events endpoint.
// Split from `realtime` so that each full run stays under 20 minutes; the same tests run for both.
export default strykerTarget({
  name: 'realtime-http',
  mutate: [
    'packages/realtime/src/auth-signature.ts',
    'packages/realtime/src/http-signature.ts',
    'packages/realtime/src/http-api.ts',
    'packages/realtime/src/http-events.ts',
  ],
  vitestConfig: 'stryker/vitest.realtime.config.ts',
});
