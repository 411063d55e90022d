import { closeCodes, SUPPORTED_PROTOCOL } from './protocol-codes.ts';
import type { ServerContext } from './server-context.ts';

/** `/app/{key}?protocol=7&client=js&version=…`, or null for any other path. */
export function parseAppPath(url: string): { key: string; params: URLSearchParams } | null {
  const queryStart = url.indexOf('?');
  // Inline, not a module constant: Stryker can only test changes to code that runs per call.
  const match = /^\/app\/([^/]+)$/.exec(queryStart === -1 ? url : url.slice(0, queryStart));
  if (!match) return null;
  let key = match[1]!;
  try {
    key = decodeURIComponent(key);
  } catch {
    // Left as sent; it will not match the app key.
  }
  // Stryker disable next-line StringLiteral,ConditionalExpression,UnaryOperator: equivalent, only `protocol` is read from the parameters, and neither a stand-in for a missing query nor the path itself names it
  return { key, params: new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1)) };
}

/**
 * The key as quoted back: 64 characters at most, anything but printable ASCII as '?'. The message is also
 * the close reason, which must fit in 123 bytes (ws throws otherwise, out of the upgrade handler).
 */
function quotable(key: string): string {
  return key.slice(0, 64).replace(/[^\x20-\x7e]/g, '?');
}

/** Why a new socket is turned away (sent as pusher:error, then as the close code), or null. */
export function refusalFor(
  ctx: ServerContext,
  key: string,
  params: URLSearchParams,
  address: string,
): [code: number, message: string] | null {
  if (key !== ctx.app.key) return [closeCodes.appNotFound, `App key ${quotable(key)} not found`];
  const protocol = params.get('protocol');
  if (!protocol) return [closeCodes.noProtocol, 'No protocol version supplied'];
  if (protocol !== String(SUPPORTED_PROTOCOL))
    return [closeCodes.unsupportedProtocol, 'Unsupported protocol version'];
  if (ctx.connections.size >= ctx.limits.maxConnections) {
    ctx.logger.warn({ connections: ctx.connections.size }, 'realtime connection limit reached');
    return [closeCodes.overCapacity, 'Over capacity'];
  }
  if ((ctx.perAddress.get(address) ?? 0) >= ctx.limits.maxConnectionsPerAddress) {
    ctx.logger.warn(
      { limit: ctx.limits.maxConnectionsPerAddress },
      'realtime connection limit per address reached',
    );
    return [closeCodes.overCapacity, 'Over capacity'];
  }
  return null;
}
