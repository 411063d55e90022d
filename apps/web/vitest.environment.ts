import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

/**
 * jsdom, with Node's own `Request` and `fetch` taking jsdom's abort signals. Vitest puts jsdom's
 * AbortController on the global object, while `Request` and `fetch` stay Node's (jsdom has none); since Node 24
 * they refuse any signal that is not Node's own ("Expected signal to be an instance of AbortSignal"), and React
 * Router's data router makes a `Request` with a signal for every navigation. Here a signal from jsdom is followed
 * by one of Node's, so aborting it still aborts the request. jsdom's own signals stay for everything else
 * (addEventListener's `signal` option asks for them).
 */
const jsdom = builtinEnvironments.jsdom;

export default {
  name: 'jsdom-node-requests',
  transformMode: 'web',
  async setup(global, options) {
    const NodeAbortController = global.AbortController as typeof AbortController;
    const NodeAbortSignal = global.AbortSignal as typeof AbortSignal;
    const NodeRequest = global.Request as typeof Request;
    const nodeFetch = global.fetch as typeof fetch;
    const env = await jsdom.setup(global, options);

    const nodeSignal = (signal: AbortSignal | null | undefined) => {
      if (!signal || signal instanceof NodeAbortSignal) return signal;
      const follower = new NodeAbortController();
      if (signal.aborted) follower.abort(signal.reason);
      else signal.addEventListener('abort', () => follower.abort(signal.reason), { once: true });
      return follower.signal;
    };
    const withNodeSignal = (init?: RequestInit) =>
      init?.signal ? { ...init, signal: nodeSignal(init.signal) } : init;

    global.Request = class Request extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, withNodeSignal(init));
      }
    };
    global.fetch = (input: RequestInfo | URL, init?: RequestInit) => nodeFetch(input, withNodeSignal(init));
    return env;
  },
} satisfies Environment;
