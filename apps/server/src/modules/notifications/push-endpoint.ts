import dns, { type LookupAddress } from 'node:dns';
import https from 'node:https';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send a push. A browser's push service is a public https host; an endpoint naming
 * loopback, a private network, link-local (cloud metadata), carrier-grade NAT, multicast or a reserved range
 * would make the server a way into the networks around it. Checked when a browser subscribes and again for
 * every connection, so a name that resolves elsewhere later (DNS rebinding) is refused as well.
 */

/** A push service that does not answer within this time is given up on; the job tries again later. */
export const PUSH_TIMEOUT_MS = 5_000;

/** Only ordinary public unicast addresses ('unicast' in ipaddr.js's ranges), loopback only where allowed. */
export function isPublicAddress(address: string, loopbackAllowed = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (loopbackAllowed && range === 'loopback');
}

/** Every address a name resolves to (the system's resolver, as connections use it). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const resolveAll: Resolve = (hostname) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/** An https endpoint whose host (a name: every address it resolves to) is public. */
export async function isAllowedEndpoint(
  endpoint: string,
  loopbackAllowed = false,
  resolve: Resolve = resolveAll,
): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) return isPublicAddress(host, loopbackAllowed);
  try {
    const addresses = await resolve(host);
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address, loopbackAllowed));
  } catch {
    return false;
  }
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * An https agent whose connections resolve their host themselves and go only to public addresses: the
 * address checked is the address connected to. `https.request` follows no redirects, so a push service's
 * 3xx is an answer like any other failure.
 */
export function publicOnlyAgent(loopbackAllowed = false, resolve: Resolve = resolveAll): https.Agent {
  const lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address, loopbackAllowed))) {
          callback(
            Object.assign(new Error(`${hostname} is not a public address`), { code: 'ENOTPUBLIC' }),
            '',
          );
        } else if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err, ''),
    );
  };
  return new https.Agent({
    lookup: lookup as unknown as https.AgentOptions['lookup'],
    timeout: PUSH_TIMEOUT_MS,
  });
}
